import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { balance } from "../sale/helpers";
import { newItem, newSupplier, post, purchaseBody, supplierBalance, unbalancedDocuments, withPurchaseDemo, type Demo } from "./helpers";
import type { TestApp } from "../support/test-app";

/**
 * Payments that use a supplier's open credit notes beside their cash, and `purchase/credit-note/`, the
 * list of a supplier's open notes the payment form offers (the purchase returns' permission and branches).
 */
let t: TestApp;
let admin: string;
let demo: Demo;
withPurchaseDemo((context) => ({ t, admin, demo } = context));

interface Bought {
  id: number;
  paid_amount: string;
  remaining: string;
  payment_status: string;
  items: { stock: number }[];
}

interface PaymentAnswer {
  id: number;
  amount: string;
  updated_at: string;
  credit_notes: { credit_note: number; amount: string; invoice_no: number; note_amount: string }[];
}

interface OpenNote {
  id: number;
  number: number;
  date: string;
  branch: number;
  supplier: number;
  currency: number;
  amount: string;
  used: string;
  open: string;
}

/** A purchase of `quantity` x 1000 of a fresh item, paid `paid` from the branch's IQD cashbox. */
async function bought(supplier: number, quantity: string, paid: string, branch = demo.erbil) {
  const itemId = await newItem(t, admin);
  const suli = branch === demo.suli;
  const cashbox = paid === "0" ? null : suli ? demo.cashboxes.suli.iqd : demo.cashboxes.erbil.iqd;
  const res = await post<Bought>(t, admin, "purchase/", {
    ...purchaseBody(demo, itemId, { supplier, payment_type: cashbox ? "cash" : "debit", cashbox, paid_amount: paid }),
    branch,
    inventory: suli ? demo.inventories.suli[0] : demo.inventories.erbil[0],
    items: [{ item: itemId, quantity, purchase_price: "1000", sale_price: "1500", batch_number: "", expire_date: null }],
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** A paid purchase and the return of `quantity` of it as a credit note: the note's id. */
async function creditNote(supplier: number, quantity: string, branch = demo.erbil): Promise<number> {
  const p = await bought(supplier, "10", "10000", branch);
  const r = await post<{ id: number; credit_note_amount: string }>(t, admin, "purchase-return/", {
    purchase: p.id,
    items: [{ stock: p.items[0].stock, quantity, price: "1000" }],
    credit_note: true,
  });
  expect(r.status).toBe(201);
  return r.body.id;
}

const payment = (supplier: number, body: Record<string, unknown>) =>
  t.call<PaymentAnswer>(admin, "POST", "/api/accounting/payment/", {
    branch: demo.erbil,
    supplier,
    cashbox: demo.cashboxes.erbil.iqd,
    note: "",
    ...body,
    form_token: `pay-${Date.now()}-${Math.random()}`,
  });

const readPurchase = async (id: number) => (await t.call<Bought>(admin, "GET", `/api/purchase/${id}/`)).body;
const noteOpen = async (id: number) =>
  (await t.call<{ credit_note_open: string }>(admin, "GET", `/api/purchase-return/${id}/`)).body.credit_note_open;
const openNotes = async (token: string, query: string) =>
  t.call<{ count: number; results: OpenNote[] }>(token, "GET", `/api/purchase/credit-note/?${query}`);
const box = () => balance(t, "cashbox", demo.cashboxes.erbil.iqd, demo.iqd);

describe("accounting/payment/ with supplier credit notes", () => {
  it("settles a purchase with cash and a credit note; the list and the statement follow; edit and delete give the note back", async () => {
    const supplier = await newSupplier(t, admin, [demo.erbil]);
    const note = await creditNote(supplier, "3");
    const owing = await bought(supplier, "5", "0");
    expect(await supplierBalance(t, supplier, demo.iqd)).toBe("5000.00");
    const cashBefore = await box();

    const listed = await openNotes(admin, `supplier=${supplier}&currency=${demo.iqd}`);
    expect(listed.status).toBe(200);
    expect(listed.body.results).toEqual([
      expect.objectContaining({
        id: note,
        branch: demo.erbil,
        supplier,
        currency: demo.iqd,
        amount: "3000.00",
        used: "0.00",
        open: "3000.00",
      }),
    ]);

    const p = await payment(supplier, {
      amount: "1000",
      purchases: [{ purchase: owing.id, amount: "3500" }],
      credit_notes: [{ credit_note: note, amount: "2500" }],
    });
    expect(p.status).toBe(201);
    expect(p.body.credit_notes).toEqual([expect.objectContaining({ credit_note: note, amount: "2500.00", note_amount: "3000.00" })]);
    expect(await readPurchase(owing.id)).toMatchObject({ paid_amount: "3500.00", remaining: "1500.00", payment_status: "partial_paid" });
    expect(await noteOpen(note)).toBe("500.00");
    expect(Number(await box())).toBe(Number(cashBefore) - 1000);
    expect(await supplierBalance(t, supplier, demo.iqd)).toBe("1500.00");
    expect(await balance(t, "supplier_credit", supplier, demo.iqd)).toBe("500.00");
    expect(await unbalancedDocuments(t)).toEqual([]);
    expect((await openNotes(admin, `supplier=${supplier}`)).body.results).toEqual([
      expect.objectContaining({ id: note, used: "2500.00", open: "500.00" }),
    ]);

    const statement = await t.call<{ rows: { document_type: string; document_id: number; note: string; debit: string }[] }>(
      admin,
      "GET",
      `/api/accounting/statement/supplier/?supplier=${supplier}&currency=${demo.iqd}`,
    );
    expect(statement.body.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ document_type: "payment", document_id: p.body.id, note: "credit_note_use", debit: "2500.00" }),
      ]),
    );

    // Using all of it closes it: the list leaves it out.
    const edited = await t.call<PaymentAnswer>(admin, "PUT", `/api/accounting/payment/${p.body.id}/`, {
      branch: demo.erbil,
      supplier,
      cashbox: demo.cashboxes.erbil.iqd,
      amount: "1000",
      note: "",
      purchases: [{ purchase: owing.id, amount: "4000" }],
      credit_notes: [{ credit_note: note, amount: "3000" }],
      updated_at: p.body.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(await noteOpen(note)).toBe("0.00");
    expect((await openNotes(admin, `supplier=${supplier}`)).body.count).toBe(0);
    expect((await readPurchase(owing.id)).paid_amount).toBe("4000.00");

    expect((await t.call(admin, "DELETE", `/api/accounting/payment/${p.body.id}/`)).status).toBe(200);
    expect(await noteOpen(note)).toBe("3000.00");
    expect(await readPurchase(owing.id)).toMatchObject({ paid_amount: "0.00", remaining: "5000.00" });
    expect(await box()).toBe(cashBefore);
    expect(await supplierBalance(t, supplier, demo.iqd)).toBe("5000.00");
    expect(await balance(t, "supplier_credit", supplier, demo.iqd)).toBe("3000.00");
  });

  it("refuses another supplier's note, one above its open amount, one in another currency: nothing changes", async () => {
    const supplier = await newSupplier(t, admin, [demo.erbil]);
    const note = await creditNote(supplier, "2");
    const cashBefore = await box();
    const refusals: [Record<string, unknown>, number, unknown][] = [
      [
        { credit_notes: [{ credit_note: note, amount: "2000.01" }] },
        supplier,
        { message: "The amount is more than the credit note's open amount" },
      ],
      [{ credit_notes: [{ credit_note: note, amount: "10" }] }, demo.suppliers.dairy, { message: "Credit note not found" }],
      [
        { cashbox: demo.cashboxes.erbil.usd, credit_notes: [{ credit_note: note, amount: "10" }] },
        supplier,
        { message: "The credit note is in another currency" },
      ],
    ];
    for (const [extra, party, body] of refusals) {
      const res = await payment(party, { amount: "1", ...extra });
      expect([res.status, res.body]).toEqual([400, body]);
    }
    expect(await noteOpen(note)).toBe("2000.00");
    expect(await box()).toBe(cashBefore);
  });
});

describe("purchase/credit-note/ (open supplier credit notes)", () => {
  it("lists the caller's branches only, behind view_purchasereturn; bad parameters are a 400", async () => {
    const supplier = await newSupplier(t, admin, [demo.erbil, demo.suli]);
    const erbilNote = await creditNote(supplier, "1");
    const suliNote = await creditNote(supplier, "2", demo.suli);
    const ids = async (token: string) => (await openNotes(token, `supplier=${supplier}`)).body.results.map((r) => r.id);
    expect(await ids(admin)).toEqual([erbilNote, suliNote]);
    expect((await openNotes(admin, `supplier=${supplier}&branch=${demo.suli}`)).body.results.map((r) => r.id)).toEqual([suliNote]);
    expect((await openNotes(admin, `supplier=${supplier}&currency=${demo.usd}`)).body.count).toBe(0);

    const cashier = await t.login("cashier");
    expect((await openNotes(cashier, `supplier=${supplier}`)).status).toBe(403);
    // With the purchase returns' view permission, the cashier sees their one branch (Erbil) alone.
    await t.db.execute(
      sql`insert into user_permission (user_id, code) select id, 'view_purchasereturn' from app_user where username = 'cashier'`,
    );
    const granted = await t.login("cashier");
    expect(await ids(granted)).toEqual([erbilNote]);

    for (const query of ["supplier=abc", "currency=x", "unknown=1", "ordering=nothing", `supplier=${supplier}&page=0`]) {
      const res = await openNotes(admin, query);
      expect(res.status, query).toBe(400);
    }
  });
});
