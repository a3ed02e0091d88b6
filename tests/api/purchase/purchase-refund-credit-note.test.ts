import { describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import {
  ledgerOf,
  newItem,
  newSupplier,
  post,
  purchaseBody,
  supplierBalance,
  unbalancedDocuments,
  withPurchaseDemo,
  type Demo,
} from "./helpers";
import { balance } from "../sale/helpers";

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

interface ReturnAnswer {
  id: number;
  refund_cashbox: number | null;
  refund_amount: string;
  credit_note_amount: string;
  credit_note_open: string;
}

interface StatementAnswer {
  rows: { document_type: string; document_id: number; note: string; debit: string; credit: string }[];
}

/** A purchase of `quantity` x 1000 of a fresh item from the supplier, paid `paid` from Erbil's IQD cashbox. */
async function bought(supplier: number, quantity: string, paid: string, extra: Record<string, unknown> = {}) {
  const itemId = await newItem(t, admin);
  const cashbox = paid === "0" ? null : demo.cashboxes.erbil.iqd;
  return post<Bought>(t, admin, "purchase/", {
    ...purchaseBody(demo, itemId, { supplier, payment_type: cashbox ? "cash" : "debit", cashbox, paid_amount: paid, ...extra }),
    items: [{ item: itemId, quantity, purchase_price: "1000", sale_price: "1500", batch_number: "", expire_date: null }],
  });
}

const returned = (purchase: number, stock: number, quantity: string, extra: Record<string, unknown> = {}) =>
  post<ReturnAnswer>(t, admin, "purchase-return/", { purchase, items: [{ stock, quantity, price: "1000" }], ...extra });

const box = () => balance(t, "cashbox", demo.cashboxes.erbil.iqd, demo.iqd);
const readPurchase = async (id: number) => (await t.call<Bought>(admin, "GET", `/api/purchase/${id}/`)).body;

describe("purchase-return/ refunds", () => {
  it("takes the refund into the cashbox, exactly; the purchase's paid amount follows; edit and delete reverse", async () => {
    const supplier = await newSupplier(t, admin, [demo.erbil]);
    const p = await bought(supplier, "10", "10000");
    expect(p.status).toBe(201);
    const before = await box();
    const r = await returned(p.body.id, p.body.items[0].stock, "3", { refund: { cashbox: demo.cashboxes.erbil.iqd, amount: "3000" } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ refund_cashbox: demo.cashboxes.erbil.iqd, refund_amount: "3000.00", credit_note_amount: "0.00" });
    expect(Number(await box())).toBe(Number(before) + 3000);
    expect(await supplierBalance(t, supplier, demo.iqd)).toBe("0.00");
    expect(await readPurchase(p.body.id)).toMatchObject({ paid_amount: "7000.00", remaining: "0.00", payment_status: "paid" });
    expect(await unbalancedDocuments(t)).toEqual([]);

    const edited = await t.call(admin, "PUT", `/api/purchase-return/${r.body.id}/`, {
      purchase: p.body.id,
      items: [{ stock: p.body.items[0].stock, quantity: "3", price: "1000" }],
      refund: { cashbox: demo.cashboxes.erbil.iqd, amount: "1000" },
    });
    expect(edited.status).toBe(200);
    expect(Number(await box())).toBe(Number(before) + 1000);
    expect((await readPurchase(p.body.id)).paid_amount).toBe("9000.00");

    expect((await t.call(admin, "DELETE", `/api/purchase-return/${r.body.id}/`)).status).toBe(200);
    expect(await box()).toBe(before);
    expect((await readPurchase(p.body.id)).paid_amount).toBe("10000.00");
    expect(await ledgerOf(t, "purchase_return", r.body.id)).toEqual([]);
  });

  it("refuses a refund beyond what was paid and returned, or a refund and a credit note at once", async () => {
    const supplier = await newSupplier(t, admin, [demo.erbil]);
    const paid = await bought(supplier, "10", "2000");
    const unpaid = await bought(supplier, "10", "0");
    const refund = (amount: string) => ({ refund: { cashbox: demo.cashboxes.erbil.iqd, amount } });
    const before = await box();
    expect((await returned(paid.body.id, paid.body.items[0].stock, "3", refund("2500"))).body).toEqual({
      message: "The refund is more than what was paid and is returned",
    });
    expect((await returned(paid.body.id, paid.body.items[0].stock, "1", refund("1500"))).body).toEqual({
      message: "The refund is more than what was paid and is returned",
    });
    expect((await returned(unpaid.body.id, unpaid.body.items[0].stock, "1", refund("1"))).body).toEqual({
      message: "The refund is more than what was paid and is returned",
    });
    expect((await returned(paid.body.id, paid.body.items[0].stock, "1", { ...refund("1"), credit_note: true })).body).toEqual({
      message: "Choose a refund or a credit note, not both",
    });
    expect((await returned(unpaid.body.id, unpaid.body.items[0].stock, "1", { credit_note: true })).body).toEqual({
      message: "Nothing paid on the invoice is returned: there is no credit note to leave",
    });
    expect(
      (await returned(paid.body.id, paid.body.items[0].stock, "1", { refund: { cashbox: demo.cashboxes.erbil.usd, amount: "1" } })).body,
    ).toEqual({ message: "Cashbox currency mismatch" });
    expect(await box()).toBe(before);
    expect((await readPurchase(paid.body.id)).paid_amount).toBe("2000.00");
  });
});

describe("supplier credit notes", () => {
  it("a return leaves one; a later purchase uses it; the statement shows both; deletes give it back", async () => {
    const supplier = await newSupplier(t, admin, [demo.erbil]);
    const p = await bought(supplier, "10", "10000");
    const note = await returned(p.body.id, p.body.items[0].stock, "2", { credit_note: true });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ credit_note_amount: "2000.00", credit_note_open: "2000.00", refund_amount: "0.00" });
    expect(await balance(t, "supplier_credit", supplier, demo.iqd)).toBe("2000.00");
    expect(await supplierBalance(t, supplier, demo.iqd)).toBe("0.00");
    expect((await readPurchase(p.body.id)).paid_amount).toBe("8000.00");

    const use = (amount: string, extra: Record<string, unknown> = {}) =>
      bought(supplier, "5", "0", { credit_notes: [{ credit_note: note.body.id, amount }], ...extra });
    expect((await use("2500")).body).toEqual({ message: "The amount is more than the credit note's open amount" });
    expect((await use("2000", { supplier: demo.suppliers.dairy })).body).toEqual({ message: "Credit note not found" });
    const later = await use("2000");
    expect(later.status).toBe(201);
    expect(await readPurchase(later.body.id)).toMatchObject({
      paid_amount: "2000.00",
      remaining: "3000.00",
      payment_status: "partial_paid",
    });
    expect(await supplierBalance(t, supplier, demo.iqd)).toBe("3000.00");
    expect(await balance(t, "supplier_credit", supplier, demo.iqd)).toBe("0.00");
    expect(await unbalancedDocuments(t)).toEqual([]);

    const statement = await t.call<StatementAnswer>(
      admin,
      "GET",
      `/api/accounting/statement/supplier/?supplier=${supplier}&currency=${demo.iqd}`,
    );
    expect(statement.body.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ document_type: "purchase_return", document_id: note.body.id, note: "credit_note", credit: "2000.00" }),
        expect.objectContaining({ document_type: "purchase", document_id: later.body.id, note: "credit_note_use", debit: "2000.00" }),
      ]),
    );

    expect((await t.call(admin, "DELETE", `/api/purchase-return/${note.body.id}/`)).body).toEqual({
      message: "The credit note is used by a later invoice and cannot be changed",
    });
    expect((await t.call(admin, "DELETE", `/api/purchase/${later.body.id}/`)).status).toBe(200);
    expect((await t.call<ReturnAnswer>(admin, "GET", `/api/purchase-return/${note.body.id}/`)).body.credit_note_open).toBe("2000.00");
    expect((await t.call(admin, "DELETE", `/api/purchase-return/${note.body.id}/`)).status).toBe(200);
    expect(await balance(t, "supplier_credit", supplier, demo.iqd)).toBe("0.00");
    expect((await readPurchase(p.body.id)).paid_amount).toBe("10000.00");
  });
});
