import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../src/core/messages";
import { queryRows } from "../../../src/server/db/client";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { formToken, type TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";

interface Message {
  message: string;
}
interface TrialRow {
  account: string;
  closing_debit: string;
  closing_credit: string;
}
interface Sheet {
  total_assets: string;
  total_liabilities_and_equity: string;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
let commission: number;
let rent: number;
let box: number;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  commission = (
    await t.call<{ id: number }>(admin, "POST", "/api/accounting/income-type/", { name: "YC commission", form_token: formToken("it") })
  ).body.id;
  rent = (await t.call<{ id: number }>(admin, "POST", "/api/accounting/expense-type/", { name: "YC rent", form_token: formToken("et") }))
    .body.id;
  box = (
    await t.call<{ id: number }>(admin, "POST", "/api/accounting/cashbox/", {
      name: "YC box",
      branch: w.erbil,
      currency: w.iqd,
      form_token: formToken("cb"),
    })
  ).body.id;
});

const doc = (kind: "income" | "expense", date: string, amount: string) =>
  t.call<{ id: number }>(admin, "POST", `/api/accounting/${kind}/`, {
    branch: w.erbil,
    cashbox: box,
    ...(kind === "income" ? { income_type: commission } : { expense_type: rent }),
    date,
    amount,
    note: "",
    form_token: formToken(kind),
  });
const profit2025 = async () =>
  (
    await t.call<{ net_profit: string }>(
      admin,
      "GET",
      `/api/accounting/profit-and-loss/?start_date=2025-01-01&end_date=2025-12-31&branch=${w.erbil}`,
    )
  ).body.net_profit;
const sheet = async (date: string) =>
  (await t.call<Sheet>(admin, "GET", `/api/accounting/balance-sheet/?date=${date}&branch=${w.erbil}`)).body;
const closingOf = async (account: string, end: string) => {
  const rows = (await t.call<{ rows: TrialRow[] }>(admin, "GET", `/api/accounting/trial-balance/?end_date=${end}&branch=${w.erbil}`)).body
    .rows;
  const row = rows.find((r) => r.account === account);
  return row ? (Number(row.closing_credit) - Number(row.closing_debit)).toFixed(2) : "0.00";
};
const close = (year: number) =>
  t.call<{ lines: number; lock_date: string } & Message>(admin, "POST", "/api/accounting/year-close/", { branch: w.erbil, year });
const reopen = (year: number) =>
  t.call<{ lock_date: string | null } & Message>(admin, "POST", "/api/accounting/year-close/reopen/", { branch: w.erbil, year });
const ledgerCount = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_entry`))[0].n;

describe("accounting/year-close/", () => {
  it("moves the year's income and expense into retained earnings and locks the year; reopen reverses it", async () => {
    expect((await doc("income", "2025-03-01", "1000")).status).toBe(201);
    expect((await doc("expense", "2025-04-01", "300")).status).toBe(201);
    const profit = await profit2025();
    const incomeAccount = `income-${commission}`;
    expect(await closingOf(incomeAccount, "2025-12-31")).toBe("1000.00");
    const sheetBefore = await sheet("2025-12-31");
    const sheetToday = await sheet("2026-12-02");

    expect((await close(2026)).body.message).toBe(MESSAGES.yearNotOver);
    const closed = await close(2025);
    expect(closed.status).toBe(201);
    expect(closed.body.lock_date).toBe("2025-12-31");
    expect(closed.body.lines).toBeGreaterThan(0);
    // The closed year's profit and loss reads as before; its income and expense accounts end it at zero.
    expect(await profit2025()).toBe(profit);
    expect(await closingOf(incomeAccount, "2025-12-31")).toBe("0.00");
    expect(await closingOf("retained_earnings", "2025-12-31")).toBe(profit);
    // The balance sheet still balances, with the same totals.
    for (const [date, before] of [
      ["2025-12-31", sheetBefore],
      ["2026-12-02", sheetToday],
    ] as const) {
      const after = await sheet(date);
      expect(after.total_assets).toBe(after.total_liabilities_and_equity);
      expect(after.total_assets).toBe(before.total_assets);
      expect(after.total_liabilities_and_equity).toBe(before.total_liabilities_and_equity);
    }
    // The year is locked, closed once, and its lock does not move back but by a reopen.
    expect((await doc("income", "2025-12-31", "5")).body).toMatchObject({ message: MESSAGES.periodClosed });
    expect((await close(2025)).body.message).toBe(MESSAGES.yearAlreadyClosed);
    const moveBack = await t.call<Message>(admin, "PUT", "/api/accounting/period-lock/", { branch: w.erbil, lock_date: "2025-06-30" });
    expect(moveBack.body.message).toBe(MESSAGES.closedYearStaysLocked);
    const locks = (await t.call<{ branch: number | null; closed_years: number[] }[]>(admin, "GET", "/api/accounting/period-lock/")).body;
    expect(locks.find((l) => l.branch === w.erbil)?.closed_years).toEqual([2025]);

    // Reopen: the closing entries are reversed (appended), the lock goes back to where it was.
    const rowsBefore = await ledgerCount();
    const opened = await reopen(2025);
    expect(opened.status).toBe(200);
    expect(opened.body.lock_date).toBeNull();
    expect(await ledgerCount()).toBe(rowsBefore + closed.body.lines);
    expect(await closingOf("retained_earnings", "2025-12-31")).toBe("0.00");
    expect(await closingOf(incomeAccount, "2025-12-31")).toBe("1000.00");
    expect(await profit2025()).toBe(profit);
    expect((await sheet("2025-12-31")).total_assets).toBe(sheetBefore.total_assets);
    expect((await reopen(2025)).body.message).toBe(MESSAGES.yearNotClosed);
    expect((await doc("income", "2025-12-31", "5")).status).toBe(201);
    const audit = await queryRows<{ action: string }>(t.db, sql`select action from audit_log where record_type = 'year_close' order by id`);
    expect(audit.map((a) => a.action)).toEqual(["create", "reopen"]);
  });

  it("is kept by change_periodlock only", async () => {
    const cashier = await t.login("cashier");
    expect((await t.call(cashier, "POST", "/api/accounting/year-close/", { branch: w.erbil, year: 2024 })).status).toBe(403);
    expect((await t.call(cashier, "POST", "/api/accounting/year-close/reopen/", { branch: w.erbil, year: 2024 })).status).toBe(403);
  });
});
