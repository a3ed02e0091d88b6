import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { formToken, type TestApp } from "../support/test-app";
import {
  goodsCycle,
  startSaleApp,
  balance,
  debitSaleBody,
  documentEntries,
  makeStock,
  post,
  stockQuantity,
  unbalancedCurrencies,
  type SaleAnswer,
  type SaleWorld,
} from "./helpers";

let t: TestApp;
let admin: string;
let w: SaleWorld;
const nextGoods = goodsCycle(() => w);

beforeAll(async () => {
  ({ t, w, admin } = await startSaleApp("admin"));
});

afterAll(() => t?.close());

interface ReturnAnswer {
  id: number;
  total_price: string;
  refund_cashbox: number | null;
  refund_amount: string;
  credit_note_amount: string;
  credit_note_open: string;
}

interface StatementAnswer {
  rows: { document_type: string; document_id: number; note: string; debit: string; credit: string }[];
  closing_balance: string;
}

const newCashbox = async (name: string) => {
  const res = await post<{ id: number }>(t, admin, "accounting/cashbox/", { name, branch: w.erbil, currency: w.iqd }, formToken("box"));
  expect(res.status).toBe(201);
  return res.body.id;
};

const cashSale = (stock: number, quantity: string, price: string, box: number, paid: string, extra: Record<string, unknown> = {}) =>
  post<SaleAnswer>(
    t,
    admin,
    "sale/",
    debitSaleBody(w, [{ stock, quantity, price }], { payment_type: "cash", cashbox: box, paid_amount: paid, ...extra }),
  );

const saleReturn = (saleId: number, stock: number, quantity: string, price: string, extra: Record<string, unknown> = {}) =>
  post<ReturnAnswer>(t, admin, "sale-return/", { sale: saleId, items: [{ stock, quantity, price }], ...extra }, formToken("return"));

const cash = (box: number) => balance(t, "cashbox", box, w.iqd);
const readSale = async (id: number) =>
  (await t.call<SaleAnswer & { remaining: string; paid_amount: string }>(admin, "GET", `/api/sale/${id}/`)).body;

describe("sale-return/ refunds", () => {
  it("moves the cashbox by exactly the refund; the sale's paid amount follows; edit and delete reverse", async () => {
    const box = await newCashbox("Refund box");
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const s = await cashSale(stock, "3", "100", box, "300");
    expect(s.status).toBe(201);
    expect(await cash(box)).toBe("300.00");
    const customerBefore = await balance(t, "customer", w.cust.aram, w.iqd);

    const r = await saleReturn(s.body.id, stock, "1", "100", { refund: { cashbox: box, amount: "100" } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ refund_cashbox: box, refund_amount: "100.00", credit_note_amount: "0.00" });
    expect(await cash(box)).toBe("200.00");
    expect(await unbalancedCurrencies(t, "sale_return", r.body.id)).toBe(0);
    // The goods came back and the money went out: the customer owes what they owed.
    expect(await balance(t, "customer", w.cust.aram, w.iqd)).toBe(customerBefore);
    expect(await readSale(s.body.id)).toMatchObject({ paid_amount: "200.00", returned_amount: "100.00", remaining: "0.00" });
    const read = await t.call<ReturnAnswer>(admin, "GET", `/api/sale-return/${r.body.id}/`);
    expect(read.body).toMatchObject({ refund_cashbox: box, refund_amount: "100.00" });

    const edited = await t.call<ReturnAnswer>(admin, "PUT", `/api/sale-return/${r.body.id}/`, {
      sale: s.body.id,
      items: [{ stock, quantity: "1", price: "100" }],
      refund: { cashbox: box, amount: "40" },
    });
    expect(edited.status).toBe(200);
    expect(await cash(box)).toBe("260.00");
    expect((await readSale(s.body.id)).paid_amount).toBe("260.00");

    expect((await t.call(admin, "DELETE", `/api/sale-return/${r.body.id}/`)).status).toBe(200);
    expect(await cash(box)).toBe("300.00");
    expect((await readSale(s.body.id)).paid_amount).toBe("300.00");
    expect(await documentEntries(t, "sale_return", r.body.id)).toEqual([]);
    expect(await stockQuantity(t, stock)).toBe("7.000");
    // Append-only: the refund's rows and their reversal stay in the ledger.
    const [{ n }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_entry where document_type = 'sale_return' and document_id = ${r.body.id} and memo = 'refund'`,
    );
    expect(n).toBe(4);
  });

  it("refuses a refund beyond the cashbox, beyond what was paid and returned, both at once, or a credit of nothing", async () => {
    const box = await newCashbox("Refund box 2");
    const empty = await newCashbox("Empty box");
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "10");
    const s = await cashSale(stock, "3", "100", box, "100");
    const unpaid = await post<SaleAnswer>(t, admin, "sale/", debitSaleBody(w, [{ stock, quantity: "1", price: "100" }]));
    const refusals: [Record<string, unknown>, number, unknown][] = [
      [{ refund: { cashbox: empty, amount: "50" } }, 400, { message: "Cashbox balance is not enough" }],
      [{ refund: { cashbox: box, amount: "150" } }, 400, { message: "The refund is more than what was paid and is returned" }],
      [{ refund: { cashbox: box, amount: "50" }, credit_note: true }, 400, { message: "Choose a refund or a credit note, not both" }],
      [{ refund: { cashbox: w.cash.erbilUsd, amount: "50" } }, 400, { message: "Cashbox currency mismatch" }],
      [{ refund: { cashbox: w.cash.suliIqd, amount: "50" } }, 400, { "refund.cashbox": ["Invalid pk - object does not exist."] }],
      [{ refund: { cashbox: box, amount: "-5" } }, 400, { "refund.amount": ["greater than or equal to 0"] }],
    ];
    for (const [extra, status, body] of refusals) {
      const res = await saleReturn(s.body.id, stock, "2", "100", extra);
      expect([res.status, res.body]).toEqual([status, body]);
    }
    const noCredit = await saleReturn(unpaid.body.id, stock, "1", "100", { credit_note: true });
    expect(noCredit.body).toEqual({ message: "Nothing paid on the invoice is returned: there is no credit note to leave" });
    // Nothing changed.
    expect(await cash(box)).toBe("100.00");
    expect(Number(await cash(empty))).toBe(0);
    expect(await stockQuantity(t, stock)).toBe("6.000");
    // Within what was paid (100 of the 200 returned): the cashbox pays it.
    const ok = await saleReturn(s.body.id, stock, "2", "100", { refund: { cashbox: box, amount: "100" } });
    expect(ok.status).toBe(201);
    expect(await cash(box)).toBe("0.00");
    expect(await readSale(s.body.id)).toMatchObject({ paid_amount: "0.00", remaining: "100.00" });
  });
});

describe("credit notes", () => {
  it("a return leaves one; a later sale uses it; the statement shows both; deletes give it back", async () => {
    const box = await newCashbox("Credit box");
    const stock = await makeStock(t, w.inv.erbil, nextGoods(), "20");
    const a = await cashSale(stock, "3", "100", box, "300");
    const note = await saleReturn(a.body.id, stock, "1", "100", { credit_note: true });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ refund_amount: "0.00", credit_note_amount: "100.00", credit_note_open: "100.00" });
    expect(await cash(box)).toBe("300.00");
    expect(await readSale(a.body.id)).toMatchObject({ paid_amount: "200.00", remaining: "0.00" });
    expect(await balance(t, "customer_credit", w.cust.aram, w.iqd)).toBe("-100.00");
    expect(await unbalancedCurrencies(t, "sale_return", note.body.id)).toBe(0);

    const use = (amount: string, extra: Record<string, unknown> = {}) =>
      post<SaleAnswer & { remaining: string }>(
        t,
        admin,
        "sale/",
        debitSaleBody(w, [{ stock, quantity: "2", price: "125" }], { credit_notes: [{ credit_note: note.body.id, amount }], ...extra }),
      );
    expect((await use("150")).body).toEqual({ message: "The amount is more than the credit note's open amount" });
    expect((await use("100", { customer: w.cust.erbilGeneral })).body).toEqual({ message: "Credit note not found" });
    expect((await use("100", { discount: "200" })).body).toEqual({ credit_notes: ["less than or equal to 50.00"] });
    const customerBefore = await balance(t, "customer", w.cust.aram, w.iqd);
    const b = await use("100");
    expect(b.status).toBe(201);
    expect(await readSale(b.body.id)).toMatchObject({ paid_amount: "100.00", remaining: "150.00", payment_status: "partial_paid" });
    expect(Number(await balance(t, "customer", w.cust.aram, w.iqd))).toBe(Number(customerBefore) + 150);
    expect(await balance(t, "customer_credit", w.cust.aram, w.iqd)).toBe("0.00");
    expect(await unbalancedCurrencies(t, "sale", b.body.id)).toBe(0);
    expect((await t.call<ReturnAnswer>(admin, "GET", `/api/sale-return/${note.body.id}/`)).body.credit_note_open).toBe("0.00");
    expect((await use("1")).body).toEqual({ message: "The amount is more than the credit note's open amount" });

    const statement = await t.call<StatementAnswer>(
      admin,
      "GET",
      `/api/accounting/statement/customer/?customer=${w.cust.aram}&currency=${w.iqd}`,
    );
    expect(statement.body.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ document_type: "sale_return", document_id: note.body.id, note: "credit_note", debit: "100.00" }),
        expect.objectContaining({ document_type: "sale", document_id: b.body.id, note: "credit_note_use", credit: "100.00" }),
      ]),
    );

    // A used credit note holds its return; the sale that used it cannot be edited, only deleted.
    expect((await t.call(admin, "DELETE", `/api/sale-return/${note.body.id}/`)).body).toEqual({
      message: "The credit note is used by a later invoice and cannot be changed",
    });
    const put = await t.call(admin, "PUT", `/api/sale/${b.body.id}/`, {
      ...debitSaleBody(w, [{ stock, quantity: "1", price: "125" }]),
      updated_at: (await readSale(b.body.id)).updated_at,
    });
    expect(put.body).toEqual({ message: "Record is linked to returns, receipts or payments and cannot be changed" });
    expect((await t.call(admin, "DELETE", `/api/sale/${b.body.id}/`)).status).toBe(200);
    expect((await t.call<ReturnAnswer>(admin, "GET", `/api/sale-return/${note.body.id}/`)).body.credit_note_open).toBe("100.00");
    expect((await t.call(admin, "DELETE", `/api/sale-return/${note.body.id}/`)).status).toBe(200);
    expect(await balance(t, "customer_credit", w.cust.aram, w.iqd)).toBe("0.00");
    expect(await readSale(a.body.id)).toMatchObject({ paid_amount: "300.00" });
  });
});
