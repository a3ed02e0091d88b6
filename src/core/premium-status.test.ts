import { describe, expect, it } from "vitest";
import { allocatePaid, installmentSchedule } from "./installments";
import { matchesPremiumStatus, premiumStanding } from "./premium-status";

const plan = { months_count: 4, premium_receipt_amount: "100", receipt_frequency: "monthly" as const, next_receipt_date: "2026-09-10" };

describe("premiumStanding", () => {
  it("sums what is overdue since the oldest uncovered receipt, and what falls due today and this week", () => {
    // Receipts 10 Sep, 10 Oct, 10 Nov, 10 Dec of 100; 150 paid covers September and half of October.
    const receipts = allocatePaid(installmentSchedule("400", plan), "150");
    const s = premiumStanding(receipts, "2026-11-10");
    expect(s.overdue_amount).toBe("50.00");
    expect(s.overdue_since).toBe("2026-10-10");
    expect(s.days_overdue).toBe(31);
    expect(s.due_today).toBe("100.00");
    // 10 Nov 2026 is a Tuesday: the week runs to Saturday 14 Nov.
    expect(s.week_due_amount).toBe("150.00");
    expect(s.next_due_date).toBe("2026-10-10");
    expect(matchesPremiumStatus(s, "overdue")).toBe(true);
    expect(matchesPremiumStatus(s, "due")).toBe(true);
  });

  it("a sale paid up to date is neither overdue nor due this week, and still listed under all", () => {
    const receipts = allocatePaid(installmentSchedule("400", plan), "300");
    const s = premiumStanding(receipts, "2026-11-20");
    expect(s.overdue_amount).toBe("0.00");
    expect(s.overdue_since).toBeNull();
    expect(s.days_overdue).toBe(0);
    expect(s.week_due_amount).toBe("0.00");
    expect(s.next_due_date).toBe("2026-12-10");
    expect(matchesPremiumStatus(s, "overdue")).toBe(false);
    expect(matchesPremiumStatus(s, "due")).toBe(false);
    expect(matchesPremiumStatus(s, "all")).toBe(true);
  });

  it("a receipt dated later this week counts as due this week, not as due today", () => {
    const receipts = allocatePaid(installmentSchedule("400", { ...plan, next_receipt_date: "2026-11-13" }), "0");
    const s = premiumStanding(receipts, "2026-11-10");
    expect(s.due_today).toBe("0.00");
    expect(s.week_due_amount).toBe("100.00");
    expect(matchesPremiumStatus(s, "due")).toBe(true);
  });
});
