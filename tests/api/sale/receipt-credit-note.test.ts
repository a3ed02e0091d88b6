import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formToken, type TestApp } from "../support/test-app";
import { startSaleApp, balance, debitSaleBody, makeStock, post, unbalancedCurrencies, type SaleAnswer, type SaleWorld } from "./helpers";

/** Receipts that use a customer's open credit notes beside their cash, to settle the customer's invoices. */
let t: TestApp;
let admin: string;
let w: SaleWorld;

beforeAll(async () => {
  ({ t, w, admin } = await startSaleApp("admin"));
});

afterAll(() => t?.close());

interface ReceiptAnswer {
  id: number;
  amount: string;
  updated_at: string;
  credit_notes: { credit_note: number; amount: string }[];
}

const newCashbox = async (name: string, currency = w.iqd) => {
  const res = await post<{ id: number }>(t, admin, "accounting/cashbox/", { name, branch: w.erbil, currency }, formToken("box"));
  expect(res.status).toBe(201);
  return res.body.id;
};
const readSale = async (id: number) =>
  (await t.call<SaleAnswer & { remaining: string; paid_amount: string }>(admin, "GET", `/api/sale/${id}/`)).body;
const noteOpen = async (id: number) =>
  (await t.call<{ credit_note_open: string }>(admin, "GET", `/api/sale-return/${id}/`)).body.credit_note_open;

/** A cash sale of goods and a return of one of them that leaves a credit note: the note's id. */
async function creditNote(box: number, currency: number, price: string): Promise<number> {
  const stock = await makeStock(t, w.inv.erbil, w.goods[0], "10");
  const s = await post<SaleAnswer>(
    t,
    admin,
    "sale/",
    debitSaleBody(w, [{ stock, quantity: "2", price }], {
      currency,
      payment_type: "cash",
      cashbox: box,
      paid_amount: String(2 * Number(price)),
    }),
  );
  expect(s.status).toBe(201);
  const r = await post<{ id: number; credit_note_amount: string }>(
    t,
    admin,
    "sale-return/",
    { sale: s.body.id, items: [{ stock, quantity: "1", price }], credit_note: true },
    formToken("return"),
  );
  expect([r.status, r.body.credit_note_amount]).toEqual([201, Number(price).toFixed(2)]);
  return r.body.id;
}

const receipt = (body: Record<string, unknown>) =>
  t.call<ReceiptAnswer>(admin, "POST", "/api/accounting/receipt/", {
    branch: w.erbil,
    customer: w.cust.aram,
    note: "",
    ...body,
    form_token: formToken("rc"),
  });

describe("accounting/receipt/ with credit notes", () => {
  it("settles an invoice with cash and a credit note; the statement shows the use; edit and delete give the note back", async () => {
    const box = await newCashbox("Receipt credit box");
    const note = await creditNote(box, w.iqd, "100");
    const debit = await post<SaleAnswer>(t, admin, "sale/", debitSaleBody(w, [{ item: w.service, price: "250" }]));
    expect(debit.status).toBe(201);
    const cashBefore = Number(await balance(t, "cashbox", box, w.iqd));
    const owedBefore = Number(await balance(t, "customer", w.cust.aram, w.iqd));

    const r = await receipt({
      cashbox: box,
      amount: "50",
      sales: [{ sale: debit.body.id, amount: "150" }],
      credit_notes: [{ credit_note: note, amount: "100" }],
    });
    expect(r.status).toBe(201);
    expect(r.body.credit_notes).toEqual([expect.objectContaining({ credit_note: note, amount: "100.00", note_amount: "100.00" })]);
    expect(await readSale(debit.body.id)).toMatchObject({ paid_amount: "150.00", remaining: "100.00", payment_status: "partial_paid" });
    expect(await noteOpen(note)).toBe("0.00");
    expect(Number(await balance(t, "cashbox", box, w.iqd))).toBe(cashBefore + 50);
    expect(Number(await balance(t, "customer", w.cust.aram, w.iqd))).toBe(owedBefore - 150);
    expect(await balance(t, "customer_credit", w.cust.aram, w.iqd)).toBe("0.00");
    expect(await unbalancedCurrencies(t, "receipt", r.body.id)).toBe(0);

    const statement = await t.call<{ rows: { document_type: string; document_id: number; note: string; credit: string }[] }>(
      admin,
      "GET",
      `/api/accounting/statement/customer/?customer=${w.cust.aram}&currency=${w.iqd}`,
    );
    expect(statement.body.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ document_type: "receipt", document_id: r.body.id, note: "credit_note_use", credit: "100.00" }),
      ]),
    );

    // The note is held by the receipt; an edit that uses less of it gives the rest back.
    expect((await t.call(admin, "DELETE", `/api/sale-return/${note}/`)).body).toEqual({
      message: "The credit note is used by a later invoice and cannot be changed",
    });
    const edited = await t.call<ReceiptAnswer>(admin, "PUT", `/api/accounting/receipt/${r.body.id}/`, {
      branch: w.erbil,
      customer: w.cust.aram,
      cashbox: box,
      amount: "50",
      note: "",
      sales: [{ sale: debit.body.id, amount: "110" }],
      credit_notes: [{ credit_note: note, amount: "60" }],
      updated_at: r.body.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(await noteOpen(note)).toBe("40.00");
    expect((await readSale(debit.body.id)).paid_amount).toBe("110.00");

    expect((await t.call(admin, "DELETE", `/api/accounting/receipt/${r.body.id}/`)).status).toBe(200);
    expect(await noteOpen(note)).toBe("100.00");
    expect(await readSale(debit.body.id)).toMatchObject({ paid_amount: "0.00", remaining: "250.00" });
    expect(Number(await balance(t, "cashbox", box, w.iqd))).toBe(cashBefore);
    expect(Number(await balance(t, "customer", w.cust.aram, w.iqd))).toBe(owedBefore);
  });

  it("left to the server, the cash and the credit note settle the oldest open invoices", async () => {
    const box = await newCashbox("Receipt credit box 2");
    const note = await creditNote(box, w.iqd, "80");
    const debit = await post<SaleAnswer>(
      t,
      admin,
      "sale/",
      debitSaleBody(w, [{ item: w.service, price: "100" }], { customer: w.cust.erbilGeneral }),
    );
    expect(debit.status).toBe(201);
    // Aram's own open invoices take the 20 of cash and the 80 of credit, oldest first; none is refused.
    const r = await receipt({ cashbox: box, amount: "20", credit_notes: [{ credit_note: note, amount: "80" }] });
    expect(r.status).toBe(201);
    expect(await noteOpen(note)).toBe("0.00");
    expect(await unbalancedCurrencies(t, "receipt", r.body.id)).toBe(0);
  });

  it("refuses more than the note's open amount, another customer's note, a note in another currency: nothing changes", async () => {
    const box = await newCashbox("Receipt credit box 3");
    const usdBox = await newCashbox("Receipt credit USD box", w.usd);
    const note = await creditNote(box, w.iqd, "100");
    const usdNote = await creditNote(usdBox, w.usd, "10");
    const cashBefore = await balance(t, "cashbox", box, w.iqd);
    const refusals: [Record<string, unknown>, unknown][] = [
      [{ credit_notes: [{ credit_note: note, amount: "100.01" }] }, { message: "The amount is more than the credit note's open amount" }],
      [
        {
          credit_notes: [
            { credit_note: note, amount: "60" },
            { credit_note: note, amount: "60" },
          ],
        },
        { message: "The amount is more than the credit note's open amount" },
      ],
      [{ customer: w.cust.erbilGeneral, credit_notes: [{ credit_note: note, amount: "10" }] }, { message: "Credit note not found" }],
      [{ credit_notes: [{ credit_note: 999_999, amount: "10" }] }, { message: "Credit note not found" }],
      [{ credit_notes: [{ credit_note: usdNote, amount: "5" }] }, { message: "The credit note is in another currency" }],
      [{ credit_notes: [{ credit_note: note, amount: "-1" }] }, { "credit_notes[0].amount": ["greater than or equal to 0"] }],
    ];
    for (const [extra, body] of refusals) {
      const res = await receipt({ cashbox: box, amount: "10", ...extra });
      expect([res.status, res.body]).toEqual([400, body]);
    }
    expect(await noteOpen(note)).toBe("100.00");
    expect(await balance(t, "cashbox", box, w.iqd)).toBe(cashBefore);
  });
});
