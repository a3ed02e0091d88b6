import { describe, expect, it } from "vitest";
import { coverInstalments, type ExpectedReceipt } from "./installments";

const schedule: ExpectedReceipt[] = [
  { index: 1, date: "2026-01-01", amount: "100.00" },
  { index: 2, date: "2026-02-01", amount: "100.00" },
  { index: 3, date: "2026-03-01", amount: "50.00" },
];

describe("coverInstalments", () => {
  it("nothing paid: every instalment due, covered by nothing", () => {
    const covered = coverInstalments(schedule, []);
    expect(covered.map((r) => [r.paid, r.due, r.covered_by])).toEqual([
      ["0.00", "100.00", []],
      ["0.00", "100.00", []],
      ["0.00", "50.00", []],
    ]);
  });

  it("the sale's own payment first, then receipts by date: each fills the earliest open instalment, split across two", () => {
    const covered = coverInstalments(schedule, [
      { receipt: 9, receipt_no: 4, date: "2026-02-03", amount: "70" },
      { receipt: 7, receipt_no: 3, date: "2026-01-02", amount: "60" },
      { receipt: null, receipt_no: null, date: "2025-12-20", amount: "30" },
    ]);
    expect(covered.map((r) => [r.index, r.paid, r.due])).toEqual([
      [1, "100.00", "0.00"],
      [2, "60.00", "40.00"],
      [3, "0.00", "50.00"],
    ]);
    expect(covered[0].covered_by).toEqual([
      { receipt: null, receipt_no: null, amount: "30.00" },
      { receipt: 7, receipt_no: 3, amount: "60.00" },
      { receipt: 9, receipt_no: 4, amount: "10.00" },
    ]);
    expect(covered[1].covered_by).toEqual([{ receipt: 9, receipt_no: 4, amount: "60.00" }]);
  });

  it("an overpayment covers the whole schedule and no more; same-day receipts go by id", () => {
    const covered = coverInstalments(schedule, [
      { receipt: 12, receipt_no: 6, date: "2026-01-05", amount: "200" },
      { receipt: 11, receipt_no: 5, date: "2026-01-05", amount: "100" },
    ]);
    expect(covered.every((r) => r.due === "0.00")).toBe(true);
    expect(covered[0].covered_by).toEqual([{ receipt: 11, receipt_no: 5, amount: "100.00" }]);
    expect(covered[1].covered_by).toEqual([{ receipt: 12, receipt_no: 6, amount: "100.00" }]);
    expect(covered[2].covered_by).toEqual([{ receipt: 12, receipt_no: 6, amount: "50.00" }]);
  });
});
