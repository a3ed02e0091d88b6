import { describe, expect, it } from "vitest";
import {
  ACCOUNT_CODE,
  CHART_GROUPS,
  FIXED_ACCOUNTS,
  accountKey,
  compareAccounts,
  parseAccountKey,
  placeAccount,
} from "./chart-of-accounts";

describe("chart of accounts", () => {
  it("places every account the postings use under its group and class", () => {
    expect(placeAccount("cashbox", 3)).toEqual({ group: "cash", class: "asset", code: "1100-0003", name: null });
    expect(placeAccount("supplier", 12)).toMatchObject({ group: "payables", class: "liability" });
    expect(placeAccount("employee", 1)).toMatchObject({ group: "employeeAdvances", class: "asset" });
    expect(placeAccount("expense", 5)).toMatchObject({ group: "expenses", class: "expense" });
    // Salaries are the expense account without a type.
    expect(placeAccount("expense", null)).toMatchObject({ group: "payroll", class: "expense", code: "5301" });
    expect(placeAccount("capital", null)).toMatchObject({ group: "capital", class: "equity" });
    expect(placeAccount("capital", 2)).toMatchObject({ group: "capital", class: "equity", code: "3100-0002" });
    expect(placeAccount("currency_exchange", null)).toMatchObject({ group: "exchange", class: "expense" });
    expect(placeAccount("revenue", null).name).toEqual({ en: "Sales revenue", ar: "إيرادات المبيعات", ckb: "داهاتی فرۆشتن" });
  });

  it("puts an account type it does not know in equity, so the statements still balance and show it", () => {
    expect(placeAccount("credit_note", 4)).toMatchObject({ group: "otherEquity", class: "equity", code: "3900-credit_note-4" });
  });

  it("gives each fixed account a code of its own, inside its group's class", () => {
    expect(new Set(FIXED_ACCOUNTS.map((a) => a.code)).size).toBe(FIXED_ACCOUNTS.length);
    for (const a of FIXED_ACCOUNTS) expect(a.code[0]).toBe(CHART_GROUPS[a.group].code[0]);
  });

  it("keys accounts and reads the keys back, refusing anything else", () => {
    expect(accountKey("cashbox", 3)).toBe("cashbox-3");
    expect(accountKey("inventory", null)).toBe("inventory");
    expect(parseAccountKey("cashbox-3")).toEqual({ accountType: "cashbox", accountId: 3 });
    expect(parseAccountKey("expense")).toEqual({ accountType: "expense", accountId: null });
    for (const bad of ["", "cashbox-0", "cashbox--1", "Cashbox-1", "cashbox-1.5", "cashbox-99999999999", "1100", "a b"]) {
      expect(parseAccountKey(bad)).toBeNull();
    }
  });

  it("orders by class, then by code with numbers as numbers", () => {
    const rows = [
      { class: "expense" as const, code: "5101" },
      { class: "asset" as const, code: "1100-0010" },
      { class: "asset" as const, code: "1100-0002" },
      { class: "liability" as const, code: "2100-0001" },
    ];
    expect([...rows].sort(compareAccounts).map((r) => r.code)).toEqual(["1100-0002", "1100-0010", "2100-0001", "5101"]);
  });

  it("accepts codes people type and refuses the rest", () => {
    expect(ACCOUNT_CODE.test("1110")).toBe(true);
    expect(ACCOUNT_CODE.test("1100-A.2")).toBe(true);
    expect(ACCOUNT_CODE.test("bad code")).toBe(false);
    expect(ACCOUNT_CODE.test("-1")).toBe(false);
  });
});
