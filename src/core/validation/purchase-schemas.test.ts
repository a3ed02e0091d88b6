import { describe, expect, it } from "vitest";
import { changeSalePriceSchema, purchaseReturnSchema, purchaseSchema } from "./purchase-schemas";
import { errorsOf } from "./schema-test-helpers";

const line = { item: 1, quantity: "2", purchase_price: "10", sale_price: "12" };
const purchase = { branch: 1, inventory: 2, supplier: 3, currency: 4, payment_type: "debit", items: [line] };

describe("purchaseSchema", () => {
  it("accepts the contract body and defaults paid and discount to 0", () => {
    expect(errorsOf(purchaseSchema, purchase)).toBeNull();
    expect(purchaseSchema.validateSync(purchase)).toMatchObject({ paid_amount: "0", discount: "0" });
  });

  it("words each problem as SPEC section 5 does", () => {
    expect(errorsOf(purchaseSchema, { ...purchase, inventory: "" })).toEqual({ inventory: ["Select inventory"] });
    expect(errorsOf(purchaseSchema, { ...purchase, items: [] })).toEqual({ items: ["must have at least 1 items"] });
    expect(errorsOf(purchaseSchema, { ...purchase, items: [{ ...line, quantity: "0" }] })).toEqual({
      "items[0].quantity": ["must be positive"],
    });
    expect(errorsOf(purchaseSchema, { ...purchase, items: [{ ...line, quantity: "1.2345" }] })).toEqual({
      "items[0].quantity": ["at most 3 decimal places"],
    });
    expect(errorsOf(purchaseSchema, { ...purchase, discount: "-1" })).toEqual({ discount: ["greater than or equal to 0"] });
    expect(errorsOf(purchaseSchema, { ...purchase, payment_type: "card" })).toEqual({
      payment_type: ["must be one of the following values: cash, debit"],
    });
    expect(errorsOf(purchaseSchema, { ...purchase, items: [{ ...line, expire_date: "2024-02-30" }] })).toEqual({
      "items[0].expire_date": ["must be a valid date"],
    });
  });
});

describe("purchaseReturnSchema and changeSalePriceSchema", () => {
  it("need lines with a positive quantity and prices >= 0", () => {
    expect(errorsOf(purchaseReturnSchema, { purchase: 1, items: [{ stock: 1, quantity: "1", price: "0" }] })).toBeNull();
    expect(errorsOf(purchaseReturnSchema, { purchase: 1, items: [{ stock: 1, quantity: "-1", price: "1" }] })).toEqual({
      "items[0].quantity": ["must be positive"],
    });
    expect(errorsOf(changeSalePriceSchema, { items: [{ stock: 1, sale_price: "-5" }] })).toEqual({
      "items[0].sale_price": ["greater than or equal to 0"],
    });
    expect(errorsOf(changeSalePriceSchema, { items: [] })).toEqual({ items: ["must have at least 1 items"] });
  });
});
