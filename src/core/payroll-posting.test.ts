import { describe, expect, it } from "vitest";
import { postPayroll, postSalaryAdvance } from "./payroll-posting";
import { assertBalanced, reversePosting, type PostingLine } from "./posting";

const ctx = { currency_id: 1, exchange_rate: "1" };
const net = (lines: PostingLine[], type: string, id: number | null) =>
  lines.filter((l) => l.account_type === type && l.account_id === id).reduce((acc, l) => acc + Number(l.debit) - Number(l.credit), 0);

describe("postPayroll", () => {
  it("books the gross as salary expense and pays the net out of the cashbox; the advance clears the employee", () => {
    const lines = postPayroll({
      ...ctx,
      cashbox_id: 3,
      lines: [
        { employee_id: 7, gross: "1000.00", net: "800.00" },
        { employee_id: 8, gross: "500.00", net: "500.00" },
      ],
    });
    assertBalanced(lines);
    expect(net(lines, "expense", null)).toBe(1500);
    expect(net(lines, "cashbox", 3)).toBe(-1300);
    // Employee 7 had 200 of advances: the run credits him 200 net, which clears them.
    expect(net(lines, "employee", 7)).toBe(-200);
    expect(net(lines, "employee", 8)).toBe(0);
    expect(reversePosting(lines).every((l, i) => l.debit === lines[i].credit)).toBe(true);
  });
  it("posts nothing for a zero line", () => {
    expect(postPayroll({ ...ctx, cashbox_id: 3, lines: [{ employee_id: 7, gross: "0", net: "0" }] })).toEqual([]);
  });
});

describe("postSalaryAdvance", () => {
  it("the employee owes the advance, the cashbox pays it", () => {
    const lines = postSalaryAdvance({ ...ctx, employee_id: 7, cashbox_id: 3, amount: "150.00" });
    expect(lines.map((l) => [l.account_type, l.debit, l.credit])).toEqual([
      ["employee", "150.00", "0.00"],
      ["cashbox", "0.00", "150.00"],
    ]);
  });
});
