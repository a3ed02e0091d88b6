import { describe, expect, it } from "vitest";
import { allocatePaid, dueBy, installmentSchedule, nextDueDate, receiptDates } from "./installments";

describe("receiptDates", () => {
  it("gives one date a month for monthly plans, clamping month ends", () => {
    expect(receiptDates({ months_count: 3, receipt_frequency: "monthly", next_receipt_date: "2025-01-31" })).toEqual([
      "2025-01-31",
      "2025-02-28",
      "2025-03-31",
    ]);
  });
  it("gives every 7 days before the plan's end for weekly plans", () => {
    const dates = receiptDates({ months_count: 1, receipt_frequency: "weekly", next_receipt_date: "2025-03-01" });
    expect(dates).toEqual(["2025-03-01", "2025-03-08", "2025-03-15", "2025-03-22", "2025-03-29"]);
  });
  it("clamps months to 1..12 and gives nothing for an invalid date", () => {
    expect(receiptDates({ months_count: 40, receipt_frequency: "monthly", next_receipt_date: "2025-01-01" })).toHaveLength(12);
    expect(receiptDates({ months_count: 0, receipt_frequency: "monthly", next_receipt_date: "2025-01-01" })).toHaveLength(1);
    expect(receiptDates({ months_count: 3, receipt_frequency: "monthly", next_receipt_date: "nope" })).toEqual([]);
  });
});

describe("installmentSchedule", () => {
  const plan = {
    months_count: 4,
    receipt_frequency: "monthly" as const,
    next_receipt_date: "2025-05-10",
    premium_receipt_amount: "250.00",
  };
  it("splits the amount owed into receipts of the premium amount", () => {
    expect(installmentSchedule("1000", plan).map((r) => [r.date, r.amount])).toEqual([
      ["2025-05-10", "250.00"],
      ["2025-06-10", "250.00"],
      ["2025-07-10", "250.00"],
      ["2025-08-10", "250.00"],
    ]);
  });
  it("stops early when the amount is covered, with a smaller last receipt", () => {
    expect(installmentSchedule("600", plan).map((r) => r.amount)).toEqual(["250.00", "250.00", "100.00"]);
  });
  it("puts the rest on the last receipt when the plan ends first", () => {
    const r = installmentSchedule("1200.50", plan);
    expect(r.map((x) => x.amount)).toEqual(["250.00", "250.00", "250.00", "450.50"]);
    expect(r.map((x) => x.index)).toEqual([1, 2, 3, 4]);
  });
  it("is empty when nothing is owed or the premium is zero", () => {
    expect(installmentSchedule("0", plan)).toEqual([]);
    expect(installmentSchedule("100", { ...plan, premium_receipt_amount: "0" })).toEqual([]);
  });
});

describe("allocatePaid, dueBy and nextDueDate", () => {
  const plan = { months_count: 3, receipt_frequency: "monthly" as const, next_receipt_date: "2025-01-15", premium_receipt_amount: "100" };
  const receipts = installmentSchedule("300", plan);
  it("allocates what was paid in order", () => {
    const a = allocatePaid(receipts, "150");
    expect(a.map((r) => [r.paid, r.due])).toEqual([
      ["100.00", "0.00"],
      ["50.00", "50.00"],
      ["0.00", "100.00"],
    ]);
    expect(nextDueDate(a)).toBe("2025-02-15");
    expect(dueBy(a, "2025-01-31")).toBe("0.00");
    expect(dueBy(a, "2025-02-15")).toBe("50.00");
    expect(dueBy(a, "2026-01-01")).toBe("150.00");
  });
  it("has no next due date once everything is paid, and ignores overpayment and negatives", () => {
    expect(nextDueDate(allocatePaid(receipts, "500"))).toBeNull();
    expect(allocatePaid(receipts, "-5").map((r) => r.paid)).toEqual(["0.00", "0.00", "0.00"]);
  });
});
