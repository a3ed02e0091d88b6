import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import { add, sub, sum, toDecimalString } from "../../../src/core/money";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";

interface Statement {
  opening_balance: string;
  closing_balance: string;
  rows: {
    date: string;
    document_type: string;
    document_id: number;
    document_no: number | null;
    debit: string;
    credit: string;
    balance: string;
  }[];
}

let t: TestApp;
let admin: string;
let cashier: string;
let w: SaleWorld;

withTestApp(async (app) => {
  t = app;
  ({ w, admin, cashier } = await signInSaleWorld(t, "admin", "cashier"));
});

const statement = (token: string, kind: string, query: string) =>
  t.call<Statement>(token, "GET", `/api/accounting/statement/${kind}/?${query}`);

/** Each row's balance follows from the one before; the closing one is the opening plus all rows. */
function expectConsistent(s: Statement, sign: 1 | -1) {
  let running = s.opening_balance;
  for (const r of s.rows) {
    const delta = sign === 1 ? sub(r.debit, r.credit) : sub(r.credit, r.debit);
    running = toDecimalString(add(running, delta));
    expect(r.balance).toBe(running);
  }
  expect(s.closing_balance).toBe(running);
  const total = sum(s.rows.map((r) => (sign === 1 ? sub(r.debit, r.credit) : sub(r.credit, r.debit))));
  expect(toDecimalString(add(s.opening_balance, total))).toBe(s.closing_balance);
}

describe("accounting/statement/", () => {
  it("a cashbox statement's closing balance is the balance its list shows, with opening balance and document numbers", async () => {
    const box = (
      await t.call<{ id: number }>(admin, "POST", "/api/accounting/cashbox/", {
        name: "Statement box",
        branch: w.erbil,
        currency: w.iqd,
        form_token: formToken("cb"),
      })
    ).body.id;
    const type = (
      await t.call<{ id: number }>(admin, "POST", "/api/accounting/income-type/", { name: "Statement income", form_token: formToken("it") })
    ).body.id;
    for (const [date, amount] of [
      ["2026-10-01", "100"],
      ["2026-11-01", "250"],
      ["2026-11-15", "50"],
    ]) {
      const res = await t.call(admin, "POST", "/api/accounting/income/", {
        branch: w.erbil,
        income_type: type,
        cashbox: box,
        amount,
        date,
        form_token: formToken("in"),
      });
      expect(res.status).toBe(201);
    }
    const full = await statement(admin, "cashbox", `cashbox=${box}`);
    expect(full.status).toBe(200);
    expect(full.body.closing_balance).toBe("400.00");
    expect((await t.call<{ balance: string }>(admin, "GET", `/api/accounting/cashbox/${box}/`)).body.balance).toBe("400.00");
    expectConsistent(full.body, 1);

    const november = await statement(admin, "cashbox", `cashbox=${box}&start_date=2026-11-01&end_date=2026-11-10`);
    expect(november.body.opening_balance).toBe("100.00");
    expect(november.body.rows).toHaveLength(1);
    expect(november.body.rows[0]).toMatchObject({ date: "2026-11-01", document_type: "income", debit: "250.00", balance: "350.00" });
    expect(november.body.rows[0].document_no).toEqual(expect.any(Number));
    expect(november.body.closing_balance).toBe("350.00");
  });

  it("a customer statement: positive means the customer owes; sales raise it, receipts lower it", async () => {
    const customer = (
      await t.call<{ id: number }>(admin, "POST", "/api/customer/", {
        name: `Statement customer ${Date.now()}`,
        branch: w.erbil,
        form_token: formToken("cu"),
      })
    ).body.id;
    const sale = await t.call(admin, "POST", "/api/sale/", {
      branch: w.erbil,
      inventory: w.inv.erbil,
      customer,
      currency: w.iqd,
      payment_type: "debit",
      cashbox: null,
      paid_amount: "0",
      discount: "0",
      input_date: "2026-11-01",
      items: [{ item: w.service, price: "1000" }],
      form_token: formToken("sale"),
    });
    expect(sale.status).toBe(201);
    const receipt = await t.call(admin, "POST", "/api/accounting/receipt/", {
      branch: w.erbil,
      customer,
      cashbox: w.cash.erbilIqd,
      amount: "300",
      date: "2026-11-02",
      form_token: formToken("rc"),
    });
    expect(receipt.status).toBe(201);
    const s = await statement(admin, "customer", `customer=${customer}&currency=${w.iqd}`);
    expect(s.body.rows.map((r) => [r.document_type, r.debit, r.credit, r.balance])).toEqual([
      ["sale", "1000.00", "0.00", "1000.00"],
      ["receipt", "0.00", "300.00", "700.00"],
    ]);
    expect(s.body.closing_balance).toBe("700.00");
    expectConsistent(s.body, 1);
    expect((await statement(admin, "customer", `customer=${customer}`)).body).toEqual({ currency: [MESSAGES.required] });
  });

  it("a supplier statement: positive means we owe", async () => {
    const [sup] = (await t.call<{ id: number; branches: number[] }[]>(admin, "GET", "/api/supplier/all/")).body;
    const s = await statement(admin, "supplier", `supplier=${sup.id}&currency=${w.iqd}`);
    expect(s.status).toBe(200);
    expectConsistent(s.body, -1);
  });

  it("validates, hides other branches (404) and needs the statement permission (403)", async () => {
    expect((await statement(admin, "cashbox", "cashbox=abc")).status).toBe(400);
    expect((await statement(admin, "cashbox", `cashbox=${w.cash.erbilIqd}&start_date=2026-02-30x`)).status).toBe(400);
    expect((await statement(admin, "cashbox", `cashbox=${w.cash.erbilIqd}&start_date=2026-12-01&end_date=2026-11-01`)).body).toEqual({
      start_date: [MESSAGES.selectStartAndEndDate],
    });
    const suliUser = await makeUser(t, ["view_cashbox_detail_account_statement", "view_customer_account_statement"], [w.suli]);
    expect((await statement(suliUser, "cashbox", `cashbox=${w.cash.erbilIqd}`)).status).toBe(404);
    expect((await statement(suliUser, "customer", `customer=${w.cust.aram}&currency=${w.iqd}`)).status).toBe(404);
    expect((await statement(suliUser, "cashbox", `cashbox=${w.cash.suliIqd}`)).status).toBe(200);
    expect((await statement(cashier, "cashbox", `cashbox=${w.cash.erbilIqd}`)).status).toBe(403);
    expect((await statement(suliUser, "supplier", "supplier=1")).status).toBe(403);
  });

  it("pages of a long statement chain: each opens where the one before closed, and together they are the whole", async () => {
    interface Page extends Statement {
      count: number;
      pages: number;
      period_opening_balance: string;
      period_closing_balance: string;
    }
    const all = (await statement(admin, "cashbox", `cashbox=${w.cash.erbilIqd}`)).body.rows;
    const middle = all[Math.floor(all.length / 2)].date;
    for (const range of ["", `&start_date=${middle}`]) {
      const query = `cashbox=${w.cash.erbilIqd}${range}`;
      const whole = (await statement(admin, "cashbox", query)).body;
      expect(whole.rows.length).toBeGreaterThan(14);
      if (range) expect(whole.opening_balance).not.toBe("0.00");
      const size = 7;
      const pages: Page[] = [];
      for (let page = 1; page === 1 || page <= pages[0].pages + 1; page += 1) {
        const res = await t.call<Page>(admin, "GET", `/api/accounting/statement/cashbox/?${query}&page_size=${size}&page=${page}`);
        expect(res.status).toBe(200);
        pages.push(res.body);
      }
      expect(pages[0].count).toBe(whole.rows.length);
      expect(pages[0].pages).toBe(Math.ceil(whole.rows.length / size));
      expect(pages[0].opening_balance).toBe(whole.opening_balance);
      for (const [i, page] of pages.entries()) {
        expectConsistent(page, 1);
        expect(page.period_opening_balance).toBe(whole.opening_balance);
        expect(page.period_closing_balance).toBe(whole.closing_balance);
        if (i > 0) expect(page.opening_balance).toBe(pages[i - 1].closing_balance);
      }
      // The page past the last is empty and stands at the closing balance.
      expect(pages.at(-1)?.rows).toEqual([]);
      expect(pages.at(-1)?.opening_balance).toBe(whole.closing_balance);
      expect(pages.flatMap((p) => p.rows)).toEqual(whole.rows);
    }
    expect((await statement(admin, "cashbox", `cashbox=${w.cash.erbilIqd}&page_size=201`)).status).toBe(400);
    expect((await statement(admin, "cashbox", `cashbox=${w.cash.erbilIqd}&page_size=5&page=0`)).status).toBe(400);
  });
});
