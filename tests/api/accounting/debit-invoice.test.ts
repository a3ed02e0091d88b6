import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import type { Paged } from "../../../src/core/api-types";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { unbalancedGroups } from "./ledger-helpers";

interface DebitInvoice {
  id: number;
  invoice_no: number;
  branch: number;
  amount: string;
  party_name: string;
  updated_at: string;
}
interface Statement {
  rows: { document_type: string; document_id: number; document_no: number | null; debit: string; credit: string; balance: string }[];
  closing_balance: string;
}

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;
let supplier: number;
const customerPath = "/api/accounting/customer-debit-invoice/";
const supplierPath = "/api/accounting/supplier-debit-invoice/";

withTestApp(async (app) => {
  t = app;
  ({ w, admin, cashier } = await signInSaleWorld(t, "admin", "cashier"));
  const sup = await t.call<{ id: number }>(admin, "POST", "/api/supplier/", {
    name: `Fee supplier ${Date.now()}`,
    branches: [w.erbil],
    form_token: formToken("sup"),
  });
  expect(sup.status).toBe(201);
  supplier = sup.body.id;
});

afterEach(async () => {
  expect(await unbalancedGroups(t)).toBe(0);
});

const post = (token: string, path: string, body: Record<string, unknown>, form_token = formToken("dbi")) =>
  t.call<DebitInvoice>(token, "POST", path, { branch: w.erbil, currency: w.iqd, date: "2026-11-10", ...body, form_token });
const statement = (kind: "customer" | "supplier", id: number) =>
  t.call<Statement>(admin, "GET", `/api/accounting/statement/${kind}/?${kind}=${id}&currency=${w.iqd}`);
async function newCustomer(): Promise<number> {
  const res = await t.call<{ id: number }>(admin, "POST", "/api/customer/", {
    name: `Fee customer ${Date.now()}`,
    branch: w.erbil,
    form_token: formToken("cus"),
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe("accounting/customer-debit-invoice/ and supplier-debit-invoice/", () => {
  it("a customer debit invoice raises what the customer owes; a receipt pays it; statement and balance agree", async () => {
    const customer = await newCustomer();
    const fee = await post(admin, customerPath, { customer, amount: "40000", note: "Delivery fee" });
    expect(fee.status).toBe(201);
    expect(fee.body).toMatchObject({ branch: w.erbil, amount: "40000.00" });
    const receipt = await t.call(admin, "POST", "/api/accounting/receipt/", {
      branch: w.erbil,
      customer,
      cashbox: w.cash.erbilIqd,
      amount: "15000",
      date: "2026-11-12",
      form_token: formToken("rc"),
    });
    expect(receipt.status).toBe(201);
    const s = await statement("customer", customer);
    expect(s.body.rows.map((r) => [r.document_type, r.document_no, r.debit, r.credit, r.balance])).toEqual([
      ["customer_debit_invoice", fee.body.invoice_no, "40000.00", "0.00", "40000.00"],
      ["receipt", expect.any(Number), "0.00", "15000.00", "25000.00"],
    ]);
    expect(s.body.closing_balance).toBe("25000.00");
  });

  it("a supplier debit invoice raises what we owe the supplier; edits and deletes reverse and repost", async () => {
    const opening = await post(admin, supplierPath, { supplier, amount: "500000", note: "Opening balance" });
    expect(opening.status).toBe(201);
    expect((await statement("supplier", supplier)).body.closing_balance).toBe("500000.00");
    const edited = await t.call<DebitInvoice>(admin, "PUT", `${supplierPath}${opening.body.id}/`, {
      branch: w.erbil,
      supplier,
      currency: w.iqd,
      amount: "450000",
      updated_at: opening.body.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ amount: "450000.00", invoice_no: opening.body.invoice_no });
    const s = await statement("supplier", supplier);
    expect(s.body.closing_balance).toBe("450000.00");
    expect(s.body.rows.map((r) => r.document_type)).toEqual(["supplier_debit_invoice", "supplier_debit_invoice", "supplier_debit_invoice"]);
    expect((await t.call(admin, "DELETE", `${supplierPath}${opening.body.id}/`)).status).toBe(200);
    expect((await statement("supplier", supplier)).body.closing_balance).toBe("0.00");
  });

  it("refuses another branch's party, an unknown currency, a currency without rate, a zero amount", async () => {
    const customer = await newCustomer();
    expect((await post(admin, customerPath, { customer: w.cust.suli, amount: "1" })).body).toEqual({ customer: [MESSAGES.invalidChoice] });
    expect((await post(admin, supplierPath, { supplier, branch: w.suli, amount: "1" })).body).toEqual({
      supplier: [MESSAGES.invalidChoice],
    });
    expect((await post(admin, customerPath, { customer, currency: 999999, amount: "1" })).body).toEqual({
      currency: [MESSAGES.invalidChoice],
    });
    expect((await post(admin, customerPath, { customer, amount: "0" })).status).toBe(400);
    expect((await post(admin, customerPath, { customer, currency: w.usd, amount: "10" })).status).toBe(201);
  });

  it("is idempotent; lists with totals; another branch is 404; the sale debit invoice codes gate it", async () => {
    const customer = await newCustomer();
    const token = formToken("dbi");
    const first = await post(admin, customerPath, { customer, amount: "70" }, token);
    expect((await post(admin, customerPath, { customer, amount: "70" }, token)).body.id).toBe(first.body.id);
    const list = await t.call<Paged<DebitInvoice>>(admin, "GET", `${customerPath}?customer=${customer}`);
    expect(list.body.results.map((r) => r.id)).toEqual([first.body.id]);
    expect((await t.call<Record<string, string>>(admin, "GET", `${customerPath}totals/?customer=${customer}`)).body).toMatchObject({
      sum_amount: "70.00",
    });
    const suliUser = await makeUser(
      t,
      ["view_sale_debit_invoice", "add_sale_debit_invoice", "change_sale_debit_invoice", "delete_sale_debit_invoice"],
      [w.suli],
    );
    expect((await t.call(suliUser, "GET", `${customerPath}${first.body.id}/`)).status).toBe(404);
    expect((await t.call(suliUser, "DELETE", `${customerPath}${first.body.id}/`)).status).toBe(404);
    expect((await t.call(cashier, "GET", supplierPath)).status).toBe(403);
    expect((await post(cashier, customerPath, { customer, amount: "1" })).status).toBe(403);
  });
});
