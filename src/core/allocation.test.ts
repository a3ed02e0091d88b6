import { describe, expect, it } from "vitest";
import { allocateOldestFirst, allocationProblem, compareInvoiceAge } from "./allocation";
import { invoicePaidAmount, invoicePaymentStatus } from "./payment-status";
import { postPayment, postReceipt, reversePosting, assertBalanced } from "./posting";

describe("allocateOldestFirst", () => {
  it("settles the oldest invoices first, the last one partly", () => {
    expect(
      allocateOldestFirst("250", [
        { id: 1, remaining: "100" },
        { id: 2, remaining: "100" },
        { id: 3, remaining: "100" },
      ]),
    ).toEqual([
      { id: 1, amount: "100.00" },
      { id: 2, amount: "100.00" },
      { id: 3, amount: "50.00" },
    ]);
  });
  it("skips settled invoices and leaves what is over unallocated", () => {
    expect(
      allocateOldestFirst("300", [
        { id: 1, remaining: "0" },
        { id: 2, remaining: "120.50" },
      ]),
    ).toEqual([{ id: 2, amount: "120.50" }]);
    expect(allocateOldestFirst("0", [{ id: 1, remaining: "10" }])).toEqual([]);
  });
});

describe("allocationProblem", () => {
  const remaining = new Map([
    [1, "100"],
    [2, "50"],
  ]);
  it("refuses an invoice above what it still owes, then a total above the amount", () => {
    expect(allocationProblem("500", [{ id: 2, amount: "50.01" }], remaining)).toEqual({ kind: "above_remaining", id: 2 });
    expect(
      allocationProblem(
        "120",
        [
          { id: 1, amount: "100" },
          { id: 2, amount: "30" },
        ],
        remaining,
      ),
    ).toEqual({ kind: "above_amount" });
    expect(
      allocationProblem(
        "130",
        [
          { id: 1, amount: "100" },
          { id: 2, amount: "30" },
        ],
        remaining,
      ),
    ).toBeNull();
  });
});

describe("invoice paid amount and status", () => {
  it("is the counter plus allocations minus refunds", () => {
    expect(invoicePaidAmount({ counter: "100", allocated: "250.50", refunded: "50" }).toFixed(2)).toBe("300.50");
    expect(invoicePaymentStatus("1000", "0", { counter: "0", allocated: "0" })).toBe("unpaid");
    expect(invoicePaymentStatus("1000", "0", { counter: "400", allocated: "100" })).toBe("partial_paid");
    expect(invoicePaymentStatus("1000", "0", { counter: "400", allocated: "600" })).toBe("paid");
    // Half of it returned: 500 owed, 500 taken.
    expect(invoicePaymentStatus("1000", "500", { counter: "400", allocated: "100" })).toBe("paid");
  });
});

describe("receipt and payment postings", () => {
  const ctx = { currency_id: 1, exchange_rate: "1" };
  it("a receipt debits the cashbox and credits the customer", () => {
    const lines = postReceipt({ ...ctx, customer_id: 7, cashbox_id: 3, amount: "1500" });
    expect(lines.map((l) => [l.account_type, l.account_id, l.debit, l.credit])).toEqual([
      ["cashbox", 3, "1500.00", "0.00"],
      ["customer", 7, "0.00", "1500.00"],
    ]);
  });
  it("a payment debits the supplier and credits the cashbox", () => {
    const lines = postPayment({ ...ctx, supplier_id: 9, cashbox_id: 3, amount: "20.25" });
    expect(lines.map((l) => [l.account_type, l.account_id, l.debit, l.credit])).toEqual([
      ["supplier", 9, "20.25", "0.00"],
      ["cashbox", 3, "0.00", "20.25"],
    ]);
  });
  it("a reversal swaps each side and still balances; zero posts nothing", () => {
    const lines = postReceipt({ ...ctx, customer_id: 7, cashbox_id: 3, amount: "10" });
    const reversed = reversePosting(lines);
    expect(reversed.map((l) => [l.debit, l.credit])).toEqual([
      ["0.00", "10.00"],
      ["10.00", "0.00"],
    ]);
    expect(() => assertBalanced([...lines, ...reversed])).not.toThrow();
    expect(postPayment({ ...ctx, supplier_id: 1, cashbox_id: 1, amount: "0" })).toEqual([]);
  });
});

describe("compareInvoiceAge", () => {
  it("orders by date, then a debit invoice before a sale of the same day, then by id", () => {
    const open = [
      { key: "sale 3", input_date: "2026-10-02", rank: 1, id: 3 },
      { key: "debit 9", input_date: "2026-10-02", rank: 0, id: 9 },
      { key: "sale 1", input_date: "2026-10-01", rank: 1, id: 1 },
      { key: "sale 2", input_date: "2026-10-02", rank: 1, id: 2 },
    ];
    expect([...open].sort(compareInvoiceAge).map((i) => i.key)).toEqual(["sale 1", "debit 9", "sale 2", "sale 3"]);
  });
  it("allocates over keys of several kinds", () => {
    expect(
      allocateOldestFirst("150", [
        { id: "debit:1", remaining: "100" },
        { id: "sale:1", remaining: "100" },
      ]),
    ).toEqual([
      { id: "debit:1", amount: "100.00" },
      { id: "sale:1", amount: "50.00" },
    ]);
  });
});
