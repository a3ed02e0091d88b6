import { describe, expect, it } from "vitest";
import { sum } from "./money";
import {
  assertBalanced,
  paymentProblem,
  postDamagedStock,
  postPurchase,
  postPurchaseReturn,
  postSale,
  postSaleReturn,
  saleLineTotals,
  UnbalancedPostingError,
  type PostingLine,
} from "./posting";

const balance = (lines: PostingLine[], type: string, id: number | null, side: "debit" | "credit") =>
  sum(lines.filter((l) => l.account_type === type && l.account_id === id).map((l) => l[side])).minus(
    sum(lines.filter((l) => l.account_type === type && l.account_id === id).map((l) => l[side === "debit" ? "credit" : "debit"])),
  );

describe("posting", () => {
  it("a purchase: inventory against the supplier, the paid part against the cashbox", () => {
    const lines = postPurchase({
      base_currency_id: 1,
      supplier_id: 4,
      cashbox_id: 2,
      currency_id: 1,
      exchange_rate: 1,
      total_price: "1000.00",
      discount: "100",
      paid_amount: "300",
    });
    expect(balance(lines, "supplier", 4, "credit").toString()).toBe("600");
    expect(balance(lines, "cashbox", 2, "debit").toString()).toBe("-300");
    expect(balance(lines, "inventory", null, "debit").toString()).toBe("900");
  });

  it("an unpaid purchase touches no cashbox", () => {
    const lines = postPurchase({
      base_currency_id: 1,
      supplier_id: 4,
      cashbox_id: null,
      currency_id: 1,
      exchange_rate: 1,
      total_price: "50",
      discount: "0",
      paid_amount: "0",
    });
    expect(lines.some((l) => l.account_type === "cashbox")).toBe(false);
  });

  it("a sale: customer, revenue, cashbox, and cost in the base currency", () => {
    const lines = postSale({
      customer_id: 9,
      cashbox_id: 3,
      currency_id: 2,
      exchange_rate: "1320",
      total_price: "100.00",
      discount: "10",
      paid_amount: "90",
      cost_total: "80000",
      base_currency_id: 1,
    });
    expect(balance(lines, "customer", 9, "debit").toString()).toBe("0");
    expect(balance(lines, "revenue", null, "credit").toString()).toBe("90");
    expect(balance(lines, "cost_of_goods", null, "debit").toString()).toBe("80000");
    expect(lines.filter((l) => l.account_type === "cost_of_goods").every((l) => l.currency_id === 1)).toBe(true);
    expect(lines.filter((l) => l.account_type === "revenue").every((l) => l.exchange_rate === "1320.000000")).toBe(true);
  });

  it("returns reverse the returned part", () => {
    const sale = postSaleReturn({
      customer_id: 9,
      currency_id: 1,
      exchange_rate: 1,
      total_price: "25",
      cost_total: "20",
      base_currency_id: 1,
    });
    expect(balance(sale, "customer", 9, "credit").toString()).toBe("25");
    expect(balance(sale, "cost_of_goods", null, "credit").toString()).toBe("20");
    const purchase = postPurchaseReturn({ base_currency_id: 1, supplier_id: 4, currency_id: 1, exchange_rate: 1, total_price: "40" });
    expect(balance(purchase, "supplier", 4, "debit").toString()).toBe("40");
    expect(postDamagedStock({ base_currency_id: 1, cost_total: "15" })).toHaveLength(2);
  });

  it("refuses an unbalanced set of lines", () => {
    expect(() =>
      assertBalanced([{ account_type: "revenue", account_id: null, currency_id: 1, debit: "1.00", credit: "0.00", exchange_rate: "1" }]),
    ).toThrow(UnbalancedPostingError);
  });

  it("line totals and payment rules", () => {
    expect(saleLineTotals({ quantity: "3", price: "1000", fee: "250", discount: "50" })).toEqual({
      net_price: "1200.00",
      total_price: "3600.00",
    });
    expect(paymentProblem("100", "50", null)).toBe("Cashbox is required");
    expect(paymentProblem("100", "150", 1)).toBe("paid_exceeds_total");
    expect(paymentProblem("100", "100", 1)).toBeNull();
    expect(paymentProblem("100", "0", null)).toBeNull();
    // A cash sale names its cashbox even before anything is paid; one on credit need not.
    expect(paymentProblem("100", "0", null, "cash")).toBe("Cashbox is required");
    expect(paymentProblem("100", "0", null, "debit")).toBeNull();
    expect(paymentProblem("100", "0", 1, "cash")).toBeNull();
  });
});
