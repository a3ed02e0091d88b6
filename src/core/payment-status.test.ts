import { describe, expect, it } from "vitest";
import {
  settledPaymentType,
  invoiceStanding,
  PAYMENT_STATUS_COLOURS,
  PAYMENT_STATUS_LABELS,
  paymentStatus,
  remainingAmount,
  shownPaymentStatus,
} from "./payment-status";

describe("paymentStatus", () => {
  it.each([
    ["100.00", "0", "unpaid"],
    ["100.00", "0.01", "partial_paid"],
    ["100.00", "99.99", "partial_paid"],
    ["100.00", "100", "paid"],
    ["100.00", "120", "paid"],
    ["0", "0", "paid"],
    ["100", "-5", "unpaid"],
  ] as const)("total %s paid %s -> %s", (total, paid, status) => {
    expect(paymentStatus(total, paid)).toBe(status);
  });

  it("compares decimals exactly", () => {
    expect(paymentStatus("0.3", 0.1 + 0.2)).toBe("paid"); // 0.30000000000000004 covers 0.3
    expect(paymentStatus("0.30", "0.29999")).toBe("partial_paid");
  });

  it("labels and colours each status", () => {
    expect(PAYMENT_STATUS_LABELS).toEqual({ unpaid: "Unpaid", partial_paid: "Partial Paid", paid: "Paid" });
    expect(PAYMENT_STATUS_COLOURS).toEqual({ unpaid: "error", partial_paid: "warning", paid: "success" });
  });
});

describe("remainingAmount", () => {
  it("is total minus paid, never negative", () => {
    expect(remainingAmount("100", "30.5").toFixed(2)).toBe("69.50");
    expect(remainingAmount("100", "150").toFixed(2)).toBe("0.00");
  });
});

describe("shownPaymentStatus", () => {
  it("shows no status while there is nothing to pay, the status once there is a total", () => {
    expect(shownPaymentStatus("0", paymentStatus("0", "0"))).toBeNull();
    expect(shownPaymentStatus("0.00", "paid")).toBeNull();
    expect(shownPaymentStatus("-5", "paid")).toBeNull();
    expect(shownPaymentStatus("0.01", paymentStatus("0.01", "0"))).toBe("unpaid");
    expect(shownPaymentStatus("100", paymentStatus("100", "100"))).toBe("paid");
    expect(shownPaymentStatus("100", paymentStatus("100", "40"))).toBe("partial_paid");
  });
});

describe("invoiceStanding", () => {
  const text = (s: ReturnType<typeof invoiceStanding>) => ({
    owed: s.owed.toFixed(2),
    paid: s.paid.toFixed(2),
    remaining: s.remaining.toFixed(2),
    status: s.status,
  });

  it("counts the returns: net 67,000, half returned, 63,500 received is paid with nothing remaining", () => {
    expect(text(invoiceStanding("67000", "33500", "63500"))).toEqual({
      owed: "33500.00",
      paid: "63500.00",
      remaining: "0.00",
      status: "paid",
    });
  });

  it("owes what the returns left", () => {
    expect(text(invoiceStanding("67000", "33500", "30000"))).toEqual({
      owed: "33500.00",
      paid: "30000.00",
      remaining: "3500.00",
      status: "partial_paid",
    });
    expect(text(invoiceStanding("1000", "200", "0"))).toEqual({ owed: "800.00", paid: "0.00", remaining: "800.00", status: "unpaid" });
  });

  it("without returns is the net against what was paid", () => {
    expect(text(invoiceStanding("1000", "0", "400"))).toEqual({
      owed: "1000.00",
      paid: "400.00",
      remaining: "600.00",
      status: "partial_paid",
    });
  });

  it("a wholly returned invoice owes nothing and reads paid", () => {
    expect(text(invoiceStanding("500", "500", "0"))).toEqual({ owed: "0.00", paid: "0.00", remaining: "0.00", status: "paid" });
  });
});

describe("settledPaymentType", () => {
  it("is Cash when paid covers the net, Debit when part or nothing is paid", () => {
    expect(settledPaymentType("1000", "1000")).toBe("cash");
    expect(settledPaymentType("1000", "1200")).toBe("cash");
    expect(settledPaymentType("1000", "999.99")).toBe("debit");
    expect(settledPaymentType("1000", "0")).toBe("debit");
    expect(settledPaymentType("0", "0")).toBe("cash");
  });
  it("compares both as stored, to the cent: a difference under a fils does not make a paid sale Debit", () => {
    expect(settledPaymentType("1000.004", "1000")).toBe("cash");
    expect(settledPaymentType("1000", "999.995")).toBe("cash");
    expect(settledPaymentType("1000.005", "1000")).toBe("debit");
    expect(settledPaymentType("1000", "999.994")).toBe("debit");
  });
});
