import { describe, expect, it } from "vitest";
import { contractBasePay, coveredRange, daysBetween, outstandingPay, payLine, payrollTotals, periodUnits, rangesOverlap } from "./payroll";

describe("periods", () => {
  it("counts days inclusively and finds overlaps, an open end running on", () => {
    expect(daysBetween("2026-02-01", "2026-02-28")).toBe(28);
    expect(daysBetween("2026-02-02", "2026-02-01")).toBe(0);
    expect(rangesOverlap({ start: "2026-01-01", end: "2026-01-31" }, { start: "2026-01-31", end: null })).toBe(true);
    expect(rangesOverlap({ start: "2026-01-01", end: "2026-01-30" }, { start: "2026-01-31", end: null })).toBe(false);
    expect(rangesOverlap({ start: "2026-01-01", end: null }, { start: "2030-01-01", end: "2030-02-01" })).toBe(true);
    expect(coveredRange({ start: "2026-03-01", end: "2026-03-31" }, { start: "2026-03-16", end: null })).toEqual({
      start: "2026-03-16",
      end: "2026-03-31",
    });
    expect(coveredRange({ start: "2026-03-01", end: "2026-03-31" }, { start: "2026-04-01", end: null })).toBeNull();
  });

  it("gives each structure its units: a whole calendar month is 1 whatever its length", () => {
    expect(periodUnits("monthly", { start: "2026-02-01", end: "2026-02-28" })).toBe("1.0000");
    expect(periodUnits("monthly", { start: "2026-01-01", end: "2026-03-31" })).toBe("3.0000");
    expect(periodUnits("monthly", { start: "2026-04-16", end: "2026-04-30" })).toBe("0.5000");
    expect(periodUnits("weekly", { start: "2026-04-01", end: "2026-04-14" })).toBe("2.0000");
    expect(periodUnits("daily", { start: "2026-04-01", end: "2026-04-10" })).toBe("10.0000");
    expect(periodUnits("hourly", { start: "2026-04-01", end: "2026-04-02" })).toBe("16.0000");
    expect(periodUnits("hourly", { start: "2026-04-01", end: "2026-04-02" }, "12.5")).toBe("12.5000");
  });
});

describe("contractBasePay", () => {
  const contract = {
    start_date: "2026-01-15",
    end_date: null,
    salary_amount: "1000000",
    allowances: "50000",
    salary_structure: "monthly" as const,
  };
  it("pays amount plus allowances for the units of the period the contract covers", () => {
    expect(contractBasePay(contract, { start: "2026-02-01", end: "2026-02-28" })).toEqual({ units: "1.0000", base: "1050000.00" });
    // Hired on the 15th of a 31-day month: 17 of 31 days.
    expect(contractBasePay(contract, { start: "2026-01-01", end: "2026-01-31" }).base).toBe("575806.45");
    expect(contractBasePay(contract, { start: "2025-12-01", end: "2025-12-31" })).toEqual({ units: "0.0000", base: "0.00" });
  });
});

describe("payLine", () => {
  it("adds bonus and overtime, takes the absence, recovers the outstanding advance as far as the pay goes", () => {
    const result = payLine({ base: "1000", bonus: "100", overtime: "50", absence: "30" }, "200");
    expect(result).toEqual({
      totals: {
        base: "1000.00",
        bonus: "100.00",
        overtime: "50.00",
        absence: "30.00",
        advance: "200.00",
        additions: "150.00",
        deductions: "230.00",
        gross: "1120.00",
        net: "920.00",
      },
    });
    const capped = payLine({ base: "100" }, "300");
    expect("totals" in capped && capped.totals).toMatchObject({ advance: "100.00", net: "0.00" });
    const none = payLine({ base: "100" }, "-5");
    expect("totals" in none && none.totals.advance).toBe("0.00");
  });
  it("refuses deductions beyond the pay and an advance beyond what is owed", () => {
    expect(payLine({ base: "100", absence: "101" }, "0")).toEqual({ problem: "absence_above_pay" });
    expect(payLine({ base: "100", advance: "10" }, "5")).toEqual({ problem: "advance_above_outstanding" });
    expect(payLine({ base: "100", advance: "150" }, "200")).toEqual({ problem: "advance_above_pay" });
  });
  it("sums a run and never calls an overpayment outstanding", () => {
    expect(
      payrollTotals([
        { gross: "100.10", advance: "10", net: "90.10" },
        { gross: "0.20", advance: "0", net: "0.20" },
      ]),
    ).toEqual({ gross_total: "100.30", advance_total: "10.00", net_total: "90.30" });
    expect(outstandingPay("100", "40.5")).toBe("59.50");
    expect(outstandingPay("100", "140")).toBe("0.00");
  });
});
