import { describe, expect, it } from "vitest";
import {
  balanceSheet,
  debitCreditColumns,
  monthPeriods,
  netProfitOf,
  profitAndLoss,
  trialBalance,
  yearEarlier,
  type StatementAccount,
} from "./financial-statements";

const account = (id: string, cls: StatementAccount["class"], group: StatementAccount["group"]): StatementAccount => ({
  account: id,
  code: id,
  name: id,
  name_ar: id,
  name_ckb: id,
  class: cls,
  group,
});

describe("financial statements", () => {
  it("splits a net balance into its debit or credit column", () => {
    expect(debitCreditColumns("12.50")).toEqual({ debit: "12.50", credit: "0.00" });
    expect(debitCreditColumns("-3")).toEqual({ debit: "0.00", credit: "3.00" });
  });

  it("totals a trial balance whose sides agree", () => {
    const { rows, totals } = trialBalance([
      { ...account("cashbox-1", "asset", "cash"), opening: "100", debit: "50", credit: "20" },
      { ...account("capital", "equity", "capital"), opening: "-100", debit: "0", credit: "0" },
      { ...account("revenue", "income", "sales"), opening: "0", debit: "0", credit: "50" },
      { ...account("expense-1", "expense", "expenses"), opening: "0", debit: "20", credit: "0" },
    ]);
    expect(rows[0]).toMatchObject({ opening_debit: "100.00", closing_debit: "130.00", closing_credit: "0.00" });
    expect(rows[1]).toMatchObject({ opening_credit: "100.00", closing_credit: "100.00" });
    expect(totals).toEqual({
      opening_debit: "100.00",
      opening_credit: "100.00",
      debit: "70.00",
      credit: "70.00",
      closing_debit: "150.00",
      closing_credit: "150.00",
    });
  });

  it("profit and loss: sales apart from their returns, gross profit, each expense, net profit", () => {
    const pl = profitAndLoss([
      { ...account("revenue", "income", "sales"), net: "-900", returns_net: "100" },
      { ...account("cost_of_goods", "expense", "costOfGoods"), net: "600" },
      { ...account("income-1", "income", "otherIncome"), net: "-50" },
      { ...account("expense-1", "expense", "expenses"), net: "40" },
      { ...account("expense", "expense", "payroll"), net: "100" },
      { ...account("cash_over_short", "expense", "cashOverShort"), net: "-5" },
      { ...account("cashbox-1", "asset", "cash"), net: "999" },
    ]);
    const total = (key: string) => pl.sections.find((s) => s.key === key)?.total;
    expect([total("sales"), total("returns"), total("cost_of_goods"), total("cash_over_short")]).toEqual([
      "1000.00",
      "-100.00",
      "600.00",
      "-5.00",
    ]);
    expect(pl.gross_profit).toBe("300.00");
    // 1000 - 100 - 600 + 50 - 40 - 100 + 5
    expect(pl.net_profit).toBe("215.00");
    expect(
      netProfitOf([
        { class: "income", net: "-900" },
        { class: "expense", net: "600" },
        { class: "asset", net: "7" },
      ]),
    ).toBe("300.00");
  });

  it("balance sheet: assets = liabilities + equity with the profits inside equity", () => {
    const sheet = balanceSheet(
      [
        { ...account("cashbox-1", "asset", "cash"), net: "500" },
        { ...account("inventory", "asset", "inventory"), net: "300" },
        { ...account("supplier-1", "liability", "payables"), net: "-200" },
        { ...account("capital", "equity", "capital"), net: "-400" },
        { ...account("revenue", "income", "sales"), net: "-999" },
      ],
      "150",
      "50",
    );
    expect(sheet.assets.map((g) => [g.group, g.total])).toEqual([
      ["cash", "500.00"],
      ["inventory", "300.00"],
    ]);
    expect(sheet.total_assets).toBe("800.00");
    expect(sheet.total_liabilities).toBe("200.00");
    expect(sheet.total_equity).toBe("600.00");
    expect(sheet.total_liabilities_and_equity).toBe("800.00");
  });
});

describe("statement periods", () => {
  it("cuts a range into its months, and moves a period a year back", () => {
    expect(monthPeriods("2024-01-15", "2024-03-10")).toEqual([
      { start: "2024-01-15", end: "2024-01-31" },
      { start: "2024-02-01", end: "2024-02-29" },
      { start: "2024-03-01", end: "2024-03-10" },
    ]);
    expect(monthPeriods("2024-11-01", "2025-01-31").map((p) => p.start)).toEqual(["2024-11-01", "2024-12-01", "2025-01-01"]);
    expect(monthPeriods("2020-01-01", "2029-12-31", 36)).toHaveLength(36);
    expect(yearEarlier({ start: "2024-02-01", end: "2024-02-29" })).toEqual({ start: "2023-02-01", end: "2023-02-28" });
  });
});
