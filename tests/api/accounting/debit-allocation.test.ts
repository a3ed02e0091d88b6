import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import type { Paged } from "../../../src/core/api-types";
import { queryRows } from "../../../src/server/db/client";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { create, makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { cashboxes, unbalancedGroups, type Cashboxes } from "./ledger-helpers";

/**
 * Debit invoices settled by receipts and payments as sales and purchases are: picked or
 * oldest first, their paid amount, remaining and status, the lock on a settled one, freed by the
 * receipt's delete or edit, the overpay refusal, branch scope; the ledger has no allocation rows.
 */
interface Allocation {
  sale?: number;
  purchase?: number;
  debit_invoice?: number;
  amount: string;
}
interface MoneyDoc {
  id: number;
  amount: string;
  updated_at: string;
  allocations: Allocation[];
}
interface DebitInvoice {
  id: number;
  invoice_no: number;
  amount: string;
  paid_amount: string;
  remaining: string;
  payment_status: string;
  updated_at: string;
  settled_by?: { id: number; invoice_no: number; amount: string }[];
}
interface Message {
  message: string;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
let boxes: Cashboxes;
let supplier: number;
const customerPath = "/api/accounting/customer-debit-invoice/";
const supplierPath = "/api/accounting/supplier-debit-invoice/";

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  boxes = cashboxes(t, () => admin);
  supplier = (await created<{ id: number }>("supplier/", { name: `Allocation supplier ${Date.now()}`, branches: [w.erbil] })).id;
});

/** A record made through the API (201 expected), as it answers. */
async function created<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const res = await create<T>(t, admin, path, body);
  expect(res.status, path).toBe(201);
  return res.body;
}

afterEach(async () => {
  expect(await unbalancedGroups(t)).toBe(0);
});

let seq = 0;
async function newCustomer(branch = w.erbil): Promise<number> {
  seq += 1;
  return (await created<{ id: number }>("customer/", { name: `Debit allocation customer ${seq} ${Date.now()}`, branch })).id;
}

const customerDebit = (customer: number, amount: string, date: string, branch = w.erbil) =>
  created<DebitInvoice>("accounting/customer-debit-invoice/", { branch, customer, currency: w.iqd, amount, date });

/** A credit sale of a service (no stock needed). */
const creditSale = async (customer: number, price: string, date: string) =>
  (
    await created<{ id: number }>("sale/", {
      branch: w.erbil,
      inventory: w.inv.erbil,
      customer,
      currency: w.iqd,
      payment_type: "debit",
      paid_amount: "0",
      discount: "0",
      input_date: date,
      items: [{ item: w.service, price }],
    })
  ).id;

const receipt = (body: Record<string, unknown>) =>
  t.call<MoneyDoc>(admin, "POST", "/api/accounting/receipt/", {
    branch: w.erbil,
    cashbox: w.cash.erbilIqd,
    date: "2026-11-20",
    ...body,
    form_token: formToken("rc"),
  });
const debit = async (path: string, id: number) => (await t.call<DebitInvoice>(admin, "GET", `${path}${id}/`)).body;
const status = (d: DebitInvoice) => [d.paid_amount, d.remaining, d.payment_status];
const ledgerRowsOf = async (type: string, id: number) =>
  Number(
    (
      await queryRows<{ n: string }>(
        t.db,
        sql`select count(*) as n from ledger_entry where document_type = ${type} and document_id = ${id}`,
      )
    )[0].n,
  );

describe("receipts settle customer debit invoices", () => {
  it("oldest first across debit invoices and sales; partial then full payment moves the status", async () => {
    const customer = await newCustomer();
    const fee = await customerDebit(customer, "300", "2026-10-01");
    expect(status(fee)).toEqual(["0.00", "300.00", "unpaid"]);
    const sale = await creditSale(customer, "500", "2026-10-02");

    const first = await receipt({ customer, amount: "100" });
    expect(first.status).toBe(201);
    expect(first.body.allocations.map((a) => [a.debit_invoice, a.sale, a.amount])).toEqual([[fee.id, undefined, "100.00"]]);
    expect(status(await debit(customerPath, fee.id))).toEqual(["100.00", "200.00", "partial_paid"]);

    const second = await receipt({ customer, amount: "400" });
    // The answer lists the sales it settled, then the debit invoices.
    expect(second.body.allocations.map((a) => [a.debit_invoice ?? a.sale, a.amount])).toEqual([
      [sale, "200.00"],
      [fee.id, "200.00"],
    ]);
    const paid = await debit(customerPath, fee.id);
    expect(status(paid)).toEqual(["300.00", "0.00", "paid"]);
    expect(paid.settled_by?.map((r) => [r.id, r.amount])).toEqual([
      [first.body.id, "100.00"],
      [second.body.id, "200.00"],
    ]);
    expect((await t.call<{ payment_status: string }>(admin, "GET", `/api/sale/${sale}/`)).body.payment_status).toBe("partial_paid");

    // The list shows the status, filters by it and sums what is paid and left.
    const list = await t.call<Paged<DebitInvoice>>(admin, "GET", `${customerPath}?customer=${customer}&payment_status=paid`);
    expect(list.body.results.map((r) => [r.id, r.payment_status])).toEqual([[fee.id, "paid"]]);
    const totals = await t.call<Record<string, string>>(admin, "GET", `${customerPath}totals/?customer=${customer}`);
    expect(totals.body).toMatchObject({ sum_amount: "300.00", sum_paid_amount: "300.00", sum_remaining: "0.00" });
    // Allocation is a sub-ledger link: each receipt posts its whole amount once, the debit invoice its own.
    expect(await ledgerRowsOf("customer_debit_invoice", fee.id)).toBe(2);
    expect(await ledgerRowsOf("receipt", first.body.id)).toBe(2);
  });

  it("takes a picked debit invoice; refuses more than it owes with the existing message; the same one twice", async () => {
    const customer = await newCustomer();
    const fee = await customerDebit(customer, "250", "2026-10-01");
    const sale = await creditSale(customer, "100", "2026-09-01");
    const over = await receipt({ customer, amount: "300", debit_invoices: [{ debit_invoice: fee.id, amount: "250.01" }] });
    expect(over.status).toBe(400);
    expect((over.body as unknown as Message).message).toBe(MESSAGES.allocationAboveRemaining);
    const twice = await receipt({
      customer,
      amount: "300",
      debit_invoices: [
        { debit_invoice: fee.id, amount: "1" },
        { debit_invoice: fee.id, amount: "1" },
      ],
    });
    expect((twice.body as unknown as Message).message).toBe(MESSAGES.itemAlreadyInList);
    const aboveAmount = await receipt({
      customer,
      amount: "300",
      sales: [{ sale, amount: "100" }],
      debit_invoices: [{ debit_invoice: fee.id, amount: "250" }],
    });
    expect((aboveAmount.body as unknown as Message).message).toBe(MESSAGES.allocationsAboveAmount);

    // Picked: the debit invoice only, though the sale is older.
    const res = await receipt({ customer, amount: "250", debit_invoices: [{ debit_invoice: fee.id, amount: "250" }] });
    expect(res.status).toBe(201);
    expect(res.body.allocations).toEqual([expect.objectContaining({ debit_invoice: fee.id, amount: "250.00", net_price: "250.00" })]);
    expect((await debit(customerPath, fee.id)).payment_status).toBe("paid");
    expect((await t.call<{ payment_status: string }>(admin, "GET", `/api/sale/${sale}/`)).body.payment_status).toBe("unpaid");
    // Paid in full: nothing is left to take.
    const again = await receipt({ customer, amount: "1", debit_invoices: [{ debit_invoice: fee.id, amount: "1" }] });
    expect((again.body as unknown as Message).message).toBe(MESSAGES.allocationAboveRemaining);
  });

  it("a settled debit invoice refuses edit and delete as a sale with receipts; the receipt's delete or edit frees it", async () => {
    const customer = await newCustomer();
    const fee = await customerDebit(customer, "600", "2026-10-01");
    const paying = await receipt({ customer, amount: "200", debit_invoices: [{ debit_invoice: fee.id, amount: "200" }] });
    expect(paying.status).toBe(201);
    const stored = await debit(customerPath, fee.id);
    const edit = await t.call<Message>(admin, "PUT", `${customerPath}${fee.id}/`, {
      branch: w.erbil,
      customer,
      currency: w.iqd,
      amount: "900",
      updated_at: stored.updated_at,
    });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(MESSAGES.linkedCannotChange);
    const del = await t.call<Message>(admin, "DELETE", `${customerPath}${fee.id}/`);
    expect(del.body.message).toBe(MESSAGES.linkedCannotChange);

    // The receipt's edit gives back what it took and settles what it now picks (nothing of the fee).
    const edited = await t.call<MoneyDoc>(admin, "PUT", `/api/accounting/receipt/${paying.body.id}/`, {
      customer,
      cashbox: w.cash.erbilIqd,
      amount: "150",
      debit_invoices: [{ debit_invoice: fee.id, amount: "150" }],
      updated_at: paying.body.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(status(await debit(customerPath, fee.id))).toEqual(["150.00", "450.00", "partial_paid"]);

    // Paid in full it says so first, as a paid sale does.
    const rest = await receipt({ customer, amount: "450", debit_invoices: [{ debit_invoice: fee.id, amount: "450" }] });
    expect((await t.call<Message>(admin, "DELETE", `${customerPath}${fee.id}/`)).body.message).toBe(MESSAGES.paidCannotChange);

    // Deleting the receipts frees the debit invoice: unpaid, then it may be deleted.
    expect((await t.call(admin, "DELETE", `/api/accounting/receipt/${rest.body.id}/`)).status).toBe(200);
    expect((await t.call(admin, "DELETE", `/api/accounting/receipt/${paying.body.id}/`)).status).toBe(200);
    expect(status(await debit(customerPath, fee.id))).toEqual(["0.00", "600.00", "unpaid"]);
    expect((await t.call(admin, "DELETE", `${customerPath}${fee.id}/`)).status).toBe(200);
  });

  it("another branch's debit invoice or another customer's is refused; another branch's user sees neither", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const suliCustomer = await newCustomer(w.suli);
    const suliFee = await customerDebit(suliCustomer, "50", "2026-10-01", w.suli);
    const otherFee = await customerDebit(other, "50", "2026-10-01");
    const foreign = await receipt({ customer, amount: "10", debit_invoices: [{ debit_invoice: suliFee.id, amount: "10" }] });
    expect(foreign.body).toEqual({ "debit_invoices[0].debit_invoice": [MESSAGES.invalidChoice] });
    const notTheirs = await receipt({ customer, amount: "10", debit_invoices: [{ debit_invoice: otherFee.id, amount: "10" }] });
    expect((notTheirs.body as unknown as Message).message).toBe(MESSAGES.differentCustomer);
    // Oldest first never reaches into another branch or party: the amount stays on the account.
    const left = await receipt({ customer, amount: "10" });
    expect(left.body.allocations).toEqual([]);
    const suliUser = await makeUser(t, ["view_sale_debit_invoice", "view_receipt"], [w.suli]);
    expect((await t.call(suliUser, "GET", `${customerPath}${otherFee.id}/`)).status).toBe(404);
    const seen = await t.call<Paged<DebitInvoice>>(suliUser, "GET", `${customerPath}?remaining__gt=0&page_size=100`);
    expect(seen.body.results.map((r) => r.id)).toContain(suliFee.id);
    expect(seen.body.results.map((r) => r.id)).not.toContain(otherFee.id);
  });
});

describe("payments settle supplier debit invoices", () => {
  it("oldest first from a funded cashbox, with the purchases; the payment's delete frees them", async () => {
    const box = await boxes.make(w.iqd, w.erbil, "1000");
    const opening = await created<DebitInvoice>("accounting/supplier-debit-invoice/", {
      branch: w.erbil,
      supplier,
      currency: w.iqd,
      amount: "700",
      date: "2026-01-01",
    });
    const pay = await t.call<MoneyDoc>(admin, "POST", "/api/accounting/payment/", {
      branch: w.erbil,
      supplier,
      cashbox: box,
      amount: "500",
      date: "2026-11-20",
      form_token: formToken("pm"),
    });
    expect(pay.status).toBe(201);
    expect(pay.body.allocations.map((a) => [a.debit_invoice, a.amount])).toEqual([[opening.id, "500.00"]]);
    expect(status(await debit(supplierPath, opening.id))).toEqual(["500.00", "200.00", "partial_paid"]);
    const overpay = await t.call<Message>(admin, "POST", "/api/accounting/payment/", {
      branch: w.erbil,
      supplier,
      cashbox: box,
      amount: "300",
      debit_invoices: [{ debit_invoice: opening.id, amount: "300" }],
      form_token: formToken("pm"),
    });
    expect(overpay.body.message).toBe(MESSAGES.allocationAboveRemaining);
    expect((await t.call(admin, "DELETE", `/api/accounting/payment/${pay.body.id}/`)).status).toBe(200);
    expect(status(await debit(supplierPath, opening.id))).toEqual(["0.00", "700.00", "unpaid"]);
    expect(await boxes.balance(box)).toBe("1000.00");
  });
});

describe("demo", () => {
  it("each branch's delivery fee is partly paid by a receipt that picked it", async () => {
    const list = await t.call<Paged<DebitInvoice & { note: string }>>(admin, "GET", `${customerPath}?search=Delivery%20fee&page_size=10`);
    const fees = list.body.results.filter((r) => r.note === "Delivery fee");
    expect(fees.length).toBeGreaterThanOrEqual(2);
    for (const fee of fees) {
      expect(status(fee)).toEqual(["10000.00", "15000.00", "partial_paid"]);
      expect((await debit(customerPath, fee.id)).settled_by).toEqual([expect.objectContaining({ amount: "10000.00" })]);
    }
  });
});
