import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import { queryRows } from "../../../src/server/db/client";
import { buy, sell } from "../report/profit-helpers";
import { saleWorld, type SaleWorld } from "../sale/helpers";
import { formToken, type TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";

/**
 * The books (issue 33): the chart of accounts and the financial statements read from the ledger. The
 * statements must balance on the demo data, agree with each other (net profit = what equity gains),
 * and give the figures a small scenario works out by hand.
 */

interface Account {
  id: string;
  code: string;
  name: string;
  name_ar: string;
  name_ckb: string;
  class: string;
  group: string;
  parent: string;
  account_type: string;
  account_id: number | null;
}
interface TrialBalance {
  currency: { id: number; code: string };
  rows: (Account & {
    account: string;
    opening_debit: string;
    opening_credit: string;
    debit: string;
    credit: string;
    closing_debit: string;
    closing_credit: string;
  })[];
  totals: Record<"opening_debit" | "opening_credit" | "debit" | "credit" | "closing_debit" | "closing_credit", string>;
}
interface Line {
  account: string;
  amount: string;
}
interface ProfitAndLoss {
  sections: { key: string; lines: Line[]; total: string }[];
  gross_profit: string;
  net_profit: string;
}
interface Group {
  group: string;
  lines: Line[];
  total: string;
}
interface BalanceSheet {
  assets: Group[];
  liabilities: Group[];
  equity: Group[];
  retained_earnings: string;
  profit_of_year: string;
  total_assets: string;
  total_liabilities: string;
  total_equity: string;
  total_liabilities_and_equity: string;
}
interface GeneralLedger {
  opening_balance: string;
  closing_balance: string;
  count: number;
  results: { date: string; document_type: string; document_no: number | null; debit: string; credit: string; balance: string }[];
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
});
beforeAll(async () => {
  w = await saleWorld(t);
});

const get = <T>(path: string, token = admin) => t.call<T>(token, "GET", `/api/accounting/${path}`);
const post = async (path: string, body: Record<string, unknown>) => {
  const res = await t.call<{ id: number }>(admin, "POST", `/api/${path}`, { ...body, form_token: formToken("books") });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
};
const cents = (text: string) => Math.round(Number(text) * 100);
const section = (pl: ProfitAndLoss, key: string) => pl.sections.find((s) => s.key === key)?.total;
const groupTotal = (groups: Group[], key: string) => groups.find((g) => g.group === key)?.total ?? "0.00";

function expectBalanced(tb: TrialBalance) {
  expect(tb.totals.debit).toBe(tb.totals.credit);
  expect(tb.totals.opening_debit).toBe(tb.totals.opening_credit);
  expect(tb.totals.closing_debit).toBe(tb.totals.closing_credit);
}

describe("accounting/account/ (chart of accounts)", () => {
  it("lists every account the product posts to, each with a code, three names and a class, grouped", async () => {
    const res = await get<Account[]>("account/");
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((a) => [a.id, a]));
    expect(byId.get("inventory")).toMatchObject({
      class: "asset",
      group: "inventory",
      code: "1301",
      name: "Inventory",
      name_ar: "المخزون",
    });
    expect(byId.get("revenue")).toMatchObject({ class: "income", group: "sales" });
    expect(byId.get("expense")).toMatchObject({ class: "expense", group: "payroll", name: "Salaries" });
    expect(byId.get(`cashbox-${w.cash.erbilIqd}`)).toMatchObject({
      class: "asset",
      group: "cash",
      parent: "1100",
      account_type: "cashbox",
    });
    expect(byId.get(`customer-${w.cust.aram}`)).toMatchObject({ class: "asset", group: "receivables" });
    // Every account with ledger lines is in the chart.
    const posted = await queryRows<{ k: string }>(
      t.db,
      sql`select distinct account_type || coalesce('-' || account_id, '') as k from ledger_entry`,
    );
    expect(posted.map((p) => p.k).filter((k) => !byId.has(k))).toEqual([]);
    expect(new Set(res.body.map((a) => a.code)).size).toBe(res.body.length);
  });

  it("changes codes and names only, refuses a code in use, audits the change, and needs its permission", async () => {
    const id = `cashbox-${w.cash.erbilIqd}`;
    const changed = await t.call<Account>(admin, "PATCH", `/api/accounting/account/${id}/`, {
      code: "1110",
      name: "Till one",
      name_ar: "الصندوق الأول",
      class: "expense",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, code: "1110", name: "Till one", name_ar: "الصندوق الأول", class: "asset" });
    const duplicate = await t.call(admin, "PATCH", "/api/accounting/account/inventory/", { code: "1110" });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual({ code: [MESSAGES.codeExists] });
    const [audit] = await queryRows<{ action: string; changes: Record<string, { new: unknown }> }>(
      t.db,
      sql`select action, changes from audit_log where record_type = 'ledger_account' order by id desc limit 1`,
    );
    expect(audit.changes.code.new).toBe("1110");
    // The statements name the account by its new code.
    const tb = (await get<TrialBalance>("trial-balance/")).body;
    expect(tb.rows.find((r) => r.account === id)).toMatchObject({ code: "1110", name: "Till one" });
    // Back to the default code with an empty one.
    const reset = await t.call<Account>(admin, "PATCH", `/api/accounting/account/${id}/`, { code: "" });
    expect(reset.body.code).toBe(`1100-${String(w.cash.erbilIqd).padStart(4, "0")}`);

    expect((await t.call(admin, "PATCH", "/api/accounting/account/nothing-99999/", { code: "X1" })).status).toBe(404);
    expect((await t.call(admin, "PATCH", "/api/accounting/account/inventory/", { code: "bad code!" })).status).toBe(400);
    const cashier = await t.login("cashier");
    expect((await get("account/", cashier)).status).toBe(403);
    expect((await t.call(cashier, "PATCH", "/api/accounting/account/inventory/", { code: "9" })).status).toBe(403);
    expect((await get("trial-balance/", cashier)).status).toBe(403);
  });
});

describe("financial statements on the demo data", () => {
  it("the trial balance balances in the base currency, in each currency and per branch", async () => {
    const base = await get<TrialBalance>("trial-balance/?start_date=2026-01-01");
    expect(base.status).toBe(200);
    expect(base.body.currency.code).toBe("IQD");
    expect(base.body.rows.length).toBeGreaterThan(5);
    expectBalanced(base.body);
    expect(cents(base.body.totals.debit)).toBeGreaterThan(0);
    for (const query of [`currency=${w.usd}`, `currency=${w.iqd}`, `branch=${w.suli}`, `branch=${w.erbil}&currency=${w.usd}`]) {
      const tb = await get<TrialBalance>(`trial-balance/?${query}`);
      expect(tb.status, query).toBe(200);
      expectBalanced(tb.body);
    }
  });

  it("the balance sheet balances, and the period's net profit is what equity's earnings gain over it", async () => {
    const start = "2026-03-01";
    const end = "2026-11-30";
    const before = (await get<BalanceSheet>("balance-sheet/?date=2026-02-28")).body;
    const after = (await get<BalanceSheet>(`balance-sheet/?date=${end}`)).body;
    for (const sheet of [before, after]) expect(sheet.total_assets).toBe(sheet.total_liabilities_and_equity);
    const pl = (await get<ProfitAndLoss>(`profit-and-loss/?start_date=${start}&end_date=${end}`)).body;
    const earnings = (s: BalanceSheet) => cents(s.retained_earnings) + cents(s.profit_of_year);
    expect(earnings(after) - earnings(before)).toBe(cents(pl.net_profit));
    // Equity as a whole gains the profit and whatever capital and debit invoices moved.
    const others = (s: BalanceSheet) => s.equity.reduce((n, g) => n + cents(g.total), 0);
    expect(cents(after.total_equity) - cents(before.total_equity)).toBe(cents(pl.net_profit) + others(after) - others(before));
    // Damaged stock counts against profit.
    expect(pl.sections.map((s) => s.key)).toEqual(
      expect.arrayContaining(["sales", "returns", "cost_of_goods", "expenses", "payroll", "damaged_stock", "cash_over_short", "exchange"]),
    );
  });

  it("refuses bad filters with a 400", async () => {
    expect((await get("trial-balance/?start_date=2026-13-01")).status).toBe(400);
    expect((await get("trial-balance/?start_date=2026-05-01&end_date=2026-04-01")).status).toBe(400);
    expect((await get("general-ledger/")).status).toBe(400);
    expect((await get("general-ledger/?account=inventory&page=0")).status).toBe(400);
    expect((await get("general-ledger/?account=nothing")).status).toBe(404);
    expect((await get("balance-sheet/?date=soon")).status).toBe(400);
  });
});

describe("a small scenario worked out by hand", () => {
  it("a purchase, a sale, an expense and a salary give exact statements", async () => {
    const [{ id: supplier }] = await queryRows<{ id: number }>(t.db, sql`select id from supplier where name = 'Zagros Beverages'`);
    const box = await post("accounting/cashbox/", { name: "Books box", branch: w.erbil, currency: w.iqd });
    const floatType = await post("accounting/income-type/", { name: "Books float" });
    const rentType = await post("accounting/expense-type/", { name: "Books rent" });
    await post("accounting/income/", { branch: w.erbil, income_type: floatType, cashbox: box, amount: "5000000", date: "2031-03-01" });
    const stock = await buy(t, admin, w, supplier, w.goods[0], "10", "100000", "2031-03-02");
    await sell(t, admin, w, [{ stock, quantity: "4", price: "150000" }], "2031-03-03");
    await post("accounting/expense/", {
      branch: w.erbil,
      expense_type: rentType,
      cashbox: box,
      amount: "50000",
      date: "2031-03-04",
      note: "",
    });
    const employee = await post("hr/employee/", { name: "Books clerk", gender: "female", branch: w.erbil, salary_structure: "monthly" });
    await post("hr/employee-contract/", {
      employee,
      start_date: "2031-01-01",
      end_date: null,
      salary_amount: "300000",
      currency: w.iqd,
      salary_structure: "monthly",
    });
    await post("hr/payroll/", {
      branch: w.erbil,
      period_start: "2031-03-01",
      period_end: "2031-03-31",
      cashbox: box,
      input_date: "2031-03-31",
      lines: [{ employee }],
    });

    const march = `start_date=2031-03-01&end_date=2031-03-31&branch=${w.erbil}`;
    const pl = (await get<ProfitAndLoss>(`profit-and-loss/?${march}`)).body;
    expect({
      sales: section(pl, "sales"),
      cost: section(pl, "cost_of_goods"),
      other: section(pl, "other_income"),
      expenses: section(pl, "expenses"),
      payroll: section(pl, "payroll"),
      gross: pl.gross_profit,
      net: pl.net_profit,
    }).toEqual({
      sales: "600000.00",
      cost: "400000.00",
      other: "5000000.00",
      expenses: "50000.00",
      payroll: "300000.00",
      gross: "200000.00",
      net: "4850000.00",
    });
    expect(pl.sections.find((s) => s.key === "expenses")?.lines).toEqual([
      expect.objectContaining({ account: `expense-${rentType}`, amount: "50000.00" }),
    ]);

    const tb = (await get<TrialBalance>(`trial-balance/?${march}`)).body;
    expectBalanced(tb);
    const row = (account: string) => tb.rows.find((r) => r.account === account);
    expect(row(`cashbox-${box}`)).toMatchObject({
      opening_debit: "0.00",
      debit: "5000000.00",
      credit: "350000.00",
      closing_debit: "4650000.00",
    });
    expect(row(`employee-${employee}`)).toMatchObject({
      debit: "300000.00",
      credit: "300000.00",
      closing_debit: "0.00",
      closing_credit: "0.00",
    });

    const before = (await get<BalanceSheet>(`balance-sheet/?date=2031-02-28&branch=${w.erbil}`)).body;
    const after = (await get<BalanceSheet>(`balance-sheet/?date=2031-03-31&branch=${w.erbil}`)).body;
    expect(after.total_assets).toBe(after.total_liabilities_and_equity);
    const change = (pick: (s: BalanceSheet) => string) => cents(pick(after)) - cents(pick(before));
    expect(change((s) => s.total_assets)).toBe(585_000_000);
    expect(change((s) => s.total_liabilities)).toBe(100_000_000);
    expect(change((s) => s.total_equity)).toBe(485_000_000);
    expect(change((s) => groupTotal(s.assets, "inventory"))).toBe(60_000_000);
    expect(after.profit_of_year).toBe("4850000.00");

    const gl = await get<GeneralLedger>(`general-ledger/?account=cashbox-${box}&start_date=2031-03-02&end_date=2031-03-31`);
    expect(gl.status).toBe(200);
    expect(gl.body.opening_balance).toBe("5000000.00");
    expect(gl.body.results.map((r) => [r.date, r.document_type, r.debit, r.credit, r.balance])).toEqual([
      ["2031-03-04", "expense", "0.00", "50000.00", "4950000.00"],
      ["2031-03-31", "payroll", "0.00", "300000.00", "4650000.00"],
    ]);
    expect(gl.body.closing_balance).toBe("4650000.00");
    const paged = await get<GeneralLedger>(`general-ledger/?account=cashbox-${box}&page=2&page_size=1`);
    expect(paged.body.count).toBe(3);
    expect(paged.body.results.map((r) => r.balance)).toEqual(["4950000.00"]);
  });
});
