import { describe, expect, it } from "vitest";
import { postCustomerCreditUse, postPurchaseReturnSettlement, postSaleReturnSettlement, postSupplierCreditUse } from "./posting";
import { returnableAmount, settledAmounts, settlementProblem } from "./return-settlement";

describe("returnableAmount", () => {
  it("is no more than the return and no more than the invoice took (with what an edit gave before)", () => {
    expect(returnableAmount("300", "100", "0").toFixed(2)).toBe("100.00");
    expect(returnableAmount("300", "1000", "0").toFixed(2)).toBe("300.00");
    expect(returnableAmount("300", "100", "50").toFixed(2)).toBe("150.00");
    expect(returnableAmount("300", "-20", "0").toFixed(2)).toBe("0.00");
  });
});

describe("settlementProblem and settledAmounts", () => {
  const refund = (amount: string) => ({ refund: { cashbox: 1, amount }, credit_note: false });
  it("refuses both at once, a refund beyond the returnable, a credit note of nothing", () => {
    expect(settlementProblem({ refund: { cashbox: 1, amount: "1" }, credit_note: true }, "10")).toBe("both");
    expect(settlementProblem(refund("10.01"), "10")).toBe("refund_above_returnable");
    expect(settlementProblem({ refund: null, credit_note: true }, "0")).toBe("nothing_to_credit");
    expect(settlementProblem(refund("10"), "10")).toBeNull();
    expect(settlementProblem({ refund: null, credit_note: false }, "0")).toBeNull();
  });
  it("gives the refund as asked and a credit note of all that may be given back", () => {
    expect(settledAmounts(refund("4"), "10")).toEqual({ refund: "4.00", creditNote: "0.00" });
    expect(settledAmounts({ refund: null, credit_note: true }, "10")).toEqual({ refund: "0.00", creditNote: "10.00" });
  });
});

describe("settlement postings", () => {
  const ctx = { currency_id: 1, exchange_rate: 1 };
  const pick = (lines: ReturnType<typeof postSaleReturnSettlement>) =>
    lines.map((l) => [l.account_type, l.account_id, l.debit, l.credit, l.memo]);
  it("a sale refund pays the customer from the cashbox; a credit note moves the credit to their credit-note account", () => {
    const lines = postSaleReturnSettlement({ ...ctx, customer_id: 7, refund_cashbox_id: 3, refund_amount: "40", credit_note_amount: "0" });
    expect(pick(lines)).toEqual([
      ["customer", 7, "40.00", "0.00", "refund"],
      ["cashbox", 3, "0.00", "40.00", "refund"],
    ]);
    const note = postSaleReturnSettlement({
      ...ctx,
      customer_id: 7,
      refund_cashbox_id: null,
      refund_amount: "0",
      credit_note_amount: "25",
    });
    expect(pick(note)).toEqual([
      ["customer", 7, "25.00", "0.00", "credit_note"],
      ["customer_credit", 7, "0.00", "25.00", "credit_note"],
    ]);
    expect(pick(postCustomerCreditUse(ctx, 7, "25"))).toEqual([
      ["customer_credit", 7, "25.00", "0.00", "credit_note_use"],
      ["customer", 7, "0.00", "25.00", "credit_note_use"],
    ]);
  });
  it("a purchase refund comes into the cashbox from the supplier; a supplier credit note is what they owe us", () => {
    const lines = postPurchaseReturnSettlement({
      ...ctx,
      supplier_id: 5,
      refund_cashbox_id: 3,
      refund_amount: "40",
      credit_note_amount: "10",
    });
    expect(pick(lines)).toEqual([
      ["cashbox", 3, "40.00", "0.00", "refund"],
      ["supplier", 5, "0.00", "40.00", "refund"],
      ["supplier_credit", 5, "10.00", "0.00", "credit_note"],
      ["supplier", 5, "0.00", "10.00", "credit_note"],
    ]);
    expect(pick(postSupplierCreditUse(ctx, 5, "10"))).toEqual([
      ["supplier", 5, "10.00", "0.00", "credit_note_use"],
      ["supplier_credit", 5, "0.00", "10.00", "credit_note_use"],
    ]);
  });
});

describe("credit notes used at another rate", () => {
  const usd = { currency_id: 2, exchange_rate: "1300", base_currency_id: 1, party_rate: "1300" };
  const pick = (lines: ReturnType<typeof postCustomerCreditUse>) =>
    lines.map((l) => [l.account_type, l.currency_id, l.debit, l.credit, l.exchange_rate]);
  it("a customer's note leaves at its booked rate, the party at its own; the base difference is a gain or loss", () => {
    expect(pick(postCustomerCreditUse(usd, 7, [{ amount: "100", note_rate: "1480" }]))).toEqual([
      ["customer_credit", 2, "100.00", "0.00", "1480.000000"],
      ["currency_exchange", 2, "0.00", "100.00", "1480.000000"],
      ["currency_exchange", 2, "100.00", "0.00", "1300.000000"],
      ["customer", 2, "0.00", "100.00", "1300.000000"],
      // Owed 148,000 IQD, settled with a debt worth 130,000: an 18,000 IQD gain.
      ["exchange_gain_loss", 1, "0.00", "18000.00", "1.000000"],
      ["currency_exchange", 1, "18000.00", "0.00", "1.000000"],
    ]);
    // At one rate, a plain transfer at it.
    expect(pick(postCustomerCreditUse(usd, 7, [{ amount: "10", note_rate: "1300" }]))).toEqual([
      ["customer_credit", 2, "10.00", "0.00", "1300.000000"],
      ["customer", 2, "0.00", "10.00", "1300.000000"],
    ]);
  });
  it("a supplier's note worth 130,000 IQD relieving a debt booked at 148,000 is a gain; a debt at 1,200 a loss", () => {
    const lines = postSupplierCreditUse({ ...usd, party_rate: "1480" }, 5, [{ amount: "100", note_rate: "1300" }]);
    const gainLoss = (ls: typeof lines) => ls.filter((l) => l.account_type === "exchange_gain_loss").map((l) => [l.debit, l.credit]);
    expect(gainLoss(lines)).toEqual([["0.00", "18000.00"]]);
    expect(lines.every((l) => l.memo === "credit_note_use")).toBe(true);
    const loss = postSupplierCreditUse({ ...usd, party_rate: "1200" }, 5, [{ amount: "100", note_rate: "1300" }]);
    expect(gainLoss(loss)).toEqual([["10000.00", "0.00"]]);
  });
});
