import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { MESSAGES } from "../../../src/core/messages";
import type { Paged } from "../../../src/core/api-types";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";

interface Allocation {
  sale?: number;
  purchase?: number;
  amount: string;
}
interface MoneyDocAnswer {
  id: number;
  receipt_no?: number;
  payment_no?: number;
  invoice_no: number;
  amount: string;
  cashbox: number;
  currency_code: string;
  updated_at: string;
  allocations: Allocation[];
}
interface InvoiceAnswer {
  id: number;
  paid_amount: string;
  payment_status: string;
}
interface Message {
  message: string;
}

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;
let supplierId: number;

withTestApp(async (app) => {
  t = app;
  ({ w, admin, cashier } = await signInSaleWorld(t, "admin", "cashier"));
  const [sup] = await queryRows<{ id: number }>(
    t.db,
    sql`select s.id from supplier s join supplier_branch sb on sb.supplier_id = s.id where sb.branch_id = ${w.erbil} order by s.id limit 1`,
  );
  supplierId = sup.id;
});

let seq = 0;
async function newCustomer(branch = w.erbil): Promise<number> {
  seq += 1;
  const res = await t.call<{ id: number }>(admin, "POST", "/api/customer/", {
    name: `Receipt customer ${seq} ${Date.now()}`,
    branch,
    form_token: formToken("cu"),
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function newCashbox(currency: number, branch = w.erbil): Promise<number> {
  seq += 1;
  const res = await t.call<{ id: number }>(admin, "POST", "/api/accounting/cashbox/", {
    name: `Box ${seq}`,
    branch,
    currency,
    form_token: formToken("cb"),
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** A credit sale of a service (no stock needed) for `price`, on `date`. */
async function creditSale(
  customer: number,
  price: string,
  date: string,
  currency = w.iqd,
  paid = "0",
  cashbox: number | null = null,
): Promise<number> {
  const res = await t.call<{ id: number }>(admin, "POST", "/api/sale/", {
    branch: w.erbil,
    inventory: w.inv.erbil,
    customer,
    currency,
    exchange_rate: currency === w.iqd ? null : "1300",
    payment_type: paid === "0" ? "debit" : "cash",
    cashbox,
    paid_amount: paid,
    discount: "0",
    input_date: date,
    items: [{ item: w.service, price }],
    form_token: formToken("sale"),
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

const receipt = (token: string, body: Record<string, unknown>, form_token = formToken("rc")) =>
  t.call<MoneyDocAnswer>(token, "POST", "/api/accounting/receipt/", { branch: w.erbil, date: "2026-11-20", note: "", ...body, form_token });
const payment = (token: string, body: Record<string, unknown>, form_token = formToken("pm")) =>
  t.call<MoneyDocAnswer>(token, "POST", "/api/accounting/payment/", {
    branch: w.erbil,
    date: "2026-11-20",
    note: "",
    supplier: supplierId,
    ...body,
    form_token,
  });
const sale = async (id: number) => (await t.call<InvoiceAnswer>(admin, "GET", `/api/sale/${id}/`)).body;

async function cashboxBalance(id: number): Promise<string> {
  return (await t.call<{ balance: string }>(admin, "GET", `/api/accounting/cashbox/${id}/`)).body.balance;
}

/** The ledger balances per document and per currency, whatever the tests did. */
async function unbalanced(): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    t.db,
    sql`select count(*) as n from (select document_type, document_id, currency_id from ledger_entry
        group by 1, 2, 3 having sum(debit) <> sum(credit)) x`,
  );
  return Number(rows[0].n);
}

describe("accounting/receipt/", () => {
  it("allocates across three sales oldest first; each sale's status follows", async () => {
    const customer = await newCustomer();
    const box = await newCashbox(w.iqd);
    const newest = await creditSale(customer, "300", "2026-11-03");
    const oldest = await creditSale(customer, "100", "2026-11-01");
    const middle = await creditSale(customer, "200", "2026-11-02");
    const res = await receipt(admin, { customer, cashbox: box, amount: "450" });
    expect(res.status).toBe(201);
    expect(res.body.receipt_no).toEqual(expect.any(Number));
    expect(res.body.receipt_no).toBe(res.body.invoice_no);
    expect(res.body.allocations.map((a) => [a.sale, a.amount])).toEqual([
      [oldest, "100.00"],
      [middle, "200.00"],
      [newest, "150.00"],
    ]);
    expect(await sale(oldest)).toMatchObject({ payment_status: "paid", paid_amount: "100.00" });
    expect(await sale(middle)).toMatchObject({ payment_status: "paid" });
    expect(await sale(newest)).toMatchObject({ payment_status: "partial_paid", paid_amount: "150.00" });
    expect(await cashboxBalance(box)).toBe("450.00");
    const [entries] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from ledger_entry where document_type = 'receipt' and document_id = ${res.body.id}`,
    );
    expect(Number(entries.n)).toBe(2);
    expect(await unbalanced()).toBe(0);
  });

  it("takes the invoices and amounts the user picked, and refuses more than an invoice owes or than the amount", async () => {
    const customer = await newCustomer();
    const box = await newCashbox(w.iqd);
    const a = await creditSale(customer, "100", "2026-11-01");
    const b = await creditSale(customer, "100", "2026-11-02");
    const over = await receipt(admin, { customer, cashbox: box, amount: "500", sales: [{ sale: a, amount: "100.01" }] });
    expect(over.status).toBe(400);
    expect((over.body as unknown as Message).message).toBe(MESSAGES.allocationAboveRemaining);
    const aboveAmount = await receipt(admin, {
      customer,
      cashbox: box,
      amount: "150",
      sales: [
        { sale: a, amount: "100" },
        { sale: b, amount: "60" },
      ],
    });
    expect((aboveAmount.body as unknown as Message).message).toBe(MESSAGES.allocationsAboveAmount);
    const ok = await receipt(admin, { customer, cashbox: box, amount: "80", sales: [{ sale: b, amount: "30" }] });
    expect(ok.status).toBe(201);
    expect(ok.body.allocations).toEqual([expect.objectContaining({ sale: b, amount: "30.00" })]);
    expect(await sale(a)).toMatchObject({ payment_status: "unpaid" });
    expect(await sale(b)).toMatchObject({ payment_status: "partial_paid", paid_amount: "30.00" });
    // What is not allocated stays on the customer's account (the ledger has all 80).
    expect(await cashboxBalance(box)).toBe("80.00");
  });

  it("counts what the sale took at the counter with its allocations", async () => {
    const customer = await newCustomer();
    const box = await newCashbox(w.iqd);
    const s = await creditSale(customer, "1000", "2026-11-01", w.iqd, "400", box);
    const res = await receipt(admin, { customer, cashbox: box, amount: "600" });
    expect(res.body.allocations).toEqual([expect.objectContaining({ sale: s, amount: "600.00" })]);
    expect(await sale(s)).toMatchObject({ payment_status: "paid", paid_amount: "1000.00" });
  });

  it("refuses a cashbox of another currency: Cashbox currency mismatch", async () => {
    const customer = await newCustomer();
    const usdBox = await newCashbox(w.usd);
    const iqdSale = await creditSale(customer, "100", "2026-11-01");
    const byCurrency = await receipt(admin, { customer, cashbox: usdBox, currency: w.iqd, amount: "10" });
    expect(byCurrency.status).toBe(400);
    expect((byCurrency.body as unknown as Message).message).toBe(MESSAGES.cashboxCurrencyMismatch);
    const bySale = await receipt(admin, { customer, cashbox: usdBox, amount: "10", sales: [{ sale: iqdSale, amount: "10" }] });
    expect((bySale.body as unknown as Message).message).toBe(MESSAGES.cashboxCurrencyMismatch);
    // Left to the server, a USD cashbox settles only USD sales: none here.
    const none = await receipt(admin, { customer, cashbox: usdBox, amount: "10" });
    expect(none.status).toBe(201);
    expect(none.body.allocations).toEqual([]);
    expect(none.body.currency_code).toBe("USD");
  });

  it("refuses another customer's sale and unknown references", async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const box = await newCashbox(w.iqd);
    const theirs = await creditSale(other, "100", "2026-11-01");
    const res = await receipt(admin, { customer, cashbox: box, amount: "10", sales: [{ sale: theirs, amount: "10" }] });
    expect((res.body as unknown as Message).message).toBe(MESSAGES.differentCustomer);
    expect((await receipt(admin, { customer, cashbox: 999999, amount: "10" })).body).toEqual({ cashbox: [MESSAGES.invalidChoice] });
    expect((await receipt(admin, { customer: 999999, cashbox: box, amount: "10" })).body).toEqual({ customer: [MESSAGES.invalidChoice] });
    const missing = await receipt(admin, { customer, amount: "0" });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ cashbox: [MESSAGES.cashboxRequired], amount: [MESSAGES.positive] });
  });

  it("is idempotent on form_token: a replay answers the first receipt and books nothing more", async () => {
    const customer = await newCustomer();
    const box = await newCashbox(w.iqd);
    await creditSale(customer, "100", "2026-11-01");
    const token = formToken("rc");
    const first = await receipt(admin, { customer, cashbox: box, amount: "70" }, token);
    const replay = await receipt(admin, { customer, cashbox: box, amount: "70" }, token);
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    expect(await cashboxBalance(box)).toBe("70.00");
    const changed = await receipt(admin, { customer, cashbox: box, amount: "71" }, token);
    expect(changed.status).toBe(422);
  });

  it("a sale with a receipt refuses edit and delete", async () => {
    const customer = await newCustomer();
    const box = await newCashbox(w.iqd);
    const s = await creditSale(customer, "100", "2026-11-01");
    await receipt(admin, { customer, cashbox: box, amount: "40" });
    const del = await t.call<Message>(admin, "DELETE", `/api/sale/${s}/`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(MESSAGES.linkedCannotChange);
    const edit = await t.call<Message>(admin, "PATCH", `/api/sale/${s}/`, { note: "changed" });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(MESSAGES.linkedCannotChange);
  });

  it("an edit reverses and reposts (append-only); a delete reverses and frees the sale", async () => {
    const customer = await newCustomer();
    const box = await newCashbox(w.iqd);
    const box2 = await newCashbox(w.iqd);
    const s = await creditSale(customer, "100", "2026-11-01");
    const created = (await receipt(admin, { customer, cashbox: box, amount: "60" })).body;
    const edited = await t.call<MoneyDocAnswer>(admin, "PUT", `/api/accounting/receipt/${created.id}/`, {
      customer,
      cashbox: box2,
      amount: "100",
      date: "2026-11-21",
      note: "moved",
      updated_at: created.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ amount: "100.00", cashbox: box2 });
    expect(edited.body.allocations).toEqual([expect.objectContaining({ sale: s, amount: "100.00" })]);
    expect(await sale(s)).toMatchObject({ payment_status: "paid" });
    expect(await cashboxBalance(box)).toBe("0.00");
    expect(await cashboxBalance(box2)).toBe("100.00");
    const [rows] = await queryRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from ledger_entry where document_type = 'receipt' and document_id = ${created.id}`,
    );
    expect(Number(rows.n)).toBe(6);
    const stale = await t.call(admin, "PUT", `/api/accounting/receipt/${created.id}/`, {
      customer,
      cashbox: box2,
      amount: "1",
      updated_at: created.updated_at,
    });
    expect(stale.status).toBe(423);

    expect((await t.call(admin, "DELETE", `/api/accounting/receipt/${created.id}/`)).status).toBe(200);
    expect((await t.call(admin, "GET", `/api/accounting/receipt/${created.id}/`)).status).toBe(404);
    expect(await sale(s)).toMatchObject({ payment_status: "unpaid", paid_amount: "0.00" });
    expect(await cashboxBalance(box2)).toBe("0.00");
    expect((await t.call(admin, "PATCH", `/api/sale/${s}/`, { note: "free again" })).status).toBe(200);
    expect(await unbalanced()).toBe(0);
  });

  it("an edit or delete never takes back money that was spent meanwhile: Cashbox balance is not enough", async () => {
    const customer = await newCustomer();
    const box = await newCashbox(w.iqd);
    const elsewhere = await newCashbox(w.iqd);
    const s = await creditSale(customer, "100", "2026-11-01");
    const created = (await receipt(admin, { customer, cashbox: box, amount: "100" })).body;
    const spent = await t.call(admin, "POST", "/api/accounting/cashbox-transfer/", {
      from_cashbox: box,
      to_cashbox: elsewhere,
      amount: "70",
      form_token: formToken("ct"),
    });
    expect(spent.status).toBe(201);
    const path = `/api/accounting/receipt/${created.id}/`;
    const edit = (body: Record<string, unknown>) => t.call<Message>(admin, "PUT", path, { customer, cashbox: box, amount: "100", ...body });
    expect((await t.call(admin, "DELETE", path)).body).toEqual({ message: MESSAGES.cashboxBalanceNotEnough });
    expect((await edit({ amount: "29.99" })).body).toEqual({ message: MESSAGES.cashboxBalanceNotEnough });
    expect((await edit({ cashbox: elsewhere })).body).toEqual({ message: MESSAGES.cashboxBalanceNotEnough });
    // Refused: nothing changed.
    expect(await cashboxBalance(box)).toBe("30.00");
    expect(await sale(s)).toMatchObject({ payment_status: "paid", paid_amount: "100.00" });
    // Within what is left, the edit goes through.
    expect((await edit({ amount: "70" })).status).toBe(200);
    expect(await cashboxBalance(box)).toBe("0.00");
    expect(await sale(s)).toMatchObject({ payment_status: "partial_paid", paid_amount: "70.00" });
    expect(await unbalanced()).toBe(0);
  });

  it("lists with totals; another branch's receipt is 404; no permission is 403", async () => {
    const customer = await newCustomer();
    const box = await newCashbox(w.iqd);
    const created = (await receipt(admin, { customer, cashbox: box, amount: "25" })).body;
    const list = await t.call<Paged<MoneyDocAnswer>>(admin, "GET", `/api/accounting/receipt/?cashbox=${box}`);
    expect(list.body.results.map((r) => r.id)).toEqual([created.id]);
    const totals = await t.call<Record<string, string>>(admin, "GET", `/api/accounting/receipt/totals/?cashbox=${box}`);
    expect(totals.body.sum_amount).toBe("25.00");
    for (const q of ["id=99999999999999999999", "cashbox=99999999999999999999", "invoice_no__gte=1e400", "amount=abc"]) {
      expect((await t.call(admin, "GET", `/api/accounting/receipt/?${q}`)).status).toBeLessThan(500);
      expect((await t.call(admin, "GET", `/api/accounting/payment/totals/?${q}`)).status).toBeLessThan(500);
    }

    const suliUser = await makeUser(t, ["view_receipt", "add_receipt", "change_receipt", "delete_receipt"], [w.suli]);
    expect((await t.call(suliUser, "GET", `/api/accounting/receipt/${created.id}/`)).status).toBe(404);
    expect((await t.call(suliUser, "PATCH", `/api/accounting/receipt/${created.id}/`, { note: "x" })).status).toBe(404);
    expect((await t.call(suliUser, "DELETE", `/api/accounting/receipt/${created.id}/`)).status).toBe(404);
    const sneaky = await receipt(suliUser, { customer, cashbox: box, amount: "1" });
    expect(sneaky.body).toEqual({ branch: [MESSAGES.invalidChoice] });

    expect((await t.call(cashier, "GET", "/api/accounting/receipt/")).status).toBe(403);
    expect((await receipt(cashier, { customer, cashbox: box, amount: "1" })).status).toBe(403);
    expect((await t.call(cashier, "DELETE", `/api/accounting/receipt/${created.id}/`)).status).toBe(403);
  });
});

describe("accounting/payment/", () => {
  async function creditPurchase(price: string, date: string): Promise<number> {
    const res = await t.call<{ id: number }>(admin, "POST", "/api/purchase/", {
      branch: w.erbil,
      inventory: w.inv.erbil,
      supplier: supplierId,
      currency: w.iqd,
      payment_type: "debit",
      cashbox: null,
      paid_amount: "0",
      discount: "0",
      input_date: date,
      form_token: formToken("pu"),
      items: [{ item: w.goods[1], quantity: "1", purchase_price: price, sale_price: price, batch_number: "", expire_date: null }],
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  it("pays the oldest purchases first from a funded cashbox, never below zero", async () => {
    const box = await newCashbox(w.iqd);
    const customer = await newCustomer();
    await receipt(admin, { customer, cashbox: box, amount: "500" });
    // Purchases of this supplier before these ones may be open too: name ours explicitly.
    const p1 = await creditPurchase("200", "2026-01-01");
    const p2 = await creditPurchase("400", "2026-01-02");
    const tooMuch = await payment(admin, { cashbox: box, amount: "500.01" });
    expect(tooMuch.status).toBe(400);
    expect((tooMuch.body as unknown as Message).message).toBe(MESSAGES.cashboxBalanceNotEnough);
    const res = await payment(admin, {
      cashbox: box,
      amount: "500",
      purchases: [
        { purchase: p1, amount: "200" },
        { purchase: p2, amount: "300" },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.payment_no).toEqual(expect.any(Number));
    const purchase = async (id: number) => (await t.call<InvoiceAnswer>(admin, "GET", `/api/purchase/${id}/`)).body;
    expect(await purchase(p1)).toMatchObject({ payment_status: "paid" });
    expect(await purchase(p2)).toMatchObject({ payment_status: "partial_paid", paid_amount: "300.00" });
    expect(await cashboxBalance(box)).toBe("0.00");
    const del = await t.call<Message>(admin, "DELETE", `/api/purchase/${p2}/`);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(MESSAGES.linkedCannotChange);
    expect((await payment(admin, { cashbox: box, amount: "1" })).body).toEqual({ message: MESSAGES.cashboxBalanceNotEnough });
    expect(await unbalanced()).toBe(0);
  });

  it("two payments at once from one cashbox never take it below zero", async () => {
    const box = await newCashbox(w.iqd);
    const customer = await newCustomer();
    await receipt(admin, { customer, cashbox: box, amount: "100" });
    const [a, b] = await Promise.all([
      payment(admin, { cashbox: box, amount: "70", purchases: [] }),
      payment(admin, { cashbox: box, amount: "70", purchases: [] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect(await cashboxBalance(box)).toBe("30.00");
  });

  it("needs the payment permissions", async () => {
    expect((await t.call(cashier, "GET", "/api/accounting/payment/")).status).toBe(403);
    expect((await payment(cashier, { cashbox: w.cash.erbilIqd, amount: "1" })).status).toBe(403);
  });
});
