import { describe, expect, it } from "vitest";
import { assertBalanced, postExpense, postIncome, reversePosting } from "./posting";

describe("expense and income postings", () => {
  const ctx = { currency_id: 2, exchange_rate: "1320" };
  it("an expense debits its type's account and credits the cashbox", () => {
    const lines = postExpense({ ...ctx, expense_type_id: 4, cashbox_id: 9, amount: "75.5" });
    expect(lines.map((l) => [l.account_type, l.account_id, l.currency_id, l.debit, l.credit, l.exchange_rate])).toEqual([
      ["expense", 4, 2, "75.50", "0.00", "1320.000000"],
      ["cashbox", 9, 2, "0.00", "75.50", "1320.000000"],
    ]);
  });
  it("an income debits the cashbox and credits its type's account; the reversal undoes it", () => {
    const lines = postIncome({ ...ctx, income_type_id: 1, cashbox_id: 9, amount: "10" });
    expect(lines.map((l) => [l.account_type, l.debit, l.credit])).toEqual([
      ["cashbox", "10.00", "0.00"],
      ["income", "0.00", "10.00"],
    ]);
    expect(() => assertBalanced([...lines, ...reversePosting(lines)])).not.toThrow();
  });
});
