import { describe, expect, it } from "vitest";
import { quotationConvertSchema, saleSchema } from "./sale-schemas";
import { errorsOf } from "./schema-test-helpers";

const sale = { branch: 1, inventory: 2, customer: 3, currency: 4, items: [{ stock: 5, quantity: "1", price: "10" }] };

describe("saleSchema: the cashbox of a cash sale", () => {
  it("is required even with nothing paid yet; payment_type left out is cash", () => {
    const required = { cashbox: ["Cashbox is required"] };
    expect(errorsOf(saleSchema, { ...sale, payment_type: "cash", cashbox: null, paid_amount: "0" })).toEqual(required);
    expect(errorsOf(saleSchema, { ...sale, cashbox: "" })).toEqual(required);
    expect(errorsOf(saleSchema, { ...sale, payment_type: "cash", cashbox: 7 })).toBeNull();
  });

  it("is not needed on credit", () => {
    expect(errorsOf(saleSchema, { ...sale, payment_type: "debit", cashbox: null })).toBeNull();
  });

  it("is required to convert a quotation into a cash sale", () => {
    expect(errorsOf(quotationConvertSchema, { payment_type: "cash", paid_amount: "0" })).toEqual({ cashbox: ["Cashbox is required"] });
    expect(errorsOf(quotationConvertSchema, { payment_type: "debit", paid_amount: "0" })).toBeNull();
  });
});
