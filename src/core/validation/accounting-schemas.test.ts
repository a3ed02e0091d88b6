import { describe, expect, it } from "vitest";
import { exchangeRateSchema } from "./accounting-schemas";
import { errorsOf } from "./schema-test-helpers";

describe("exchangeRateSchema", () => {
  const valid = { currency: 2, rate: "1480", input_date: "2024-05-15" };

  it("passes a valid rate, also with fine decimals", () => {
    expect(exchangeRateSchema.validateSync(valid)).toEqual(valid);
    expect(errorsOf(exchangeRateSchema, { ...valid, rate: "0.000676" })).toBeNull();
    expect(errorsOf(exchangeRateSchema, { ...valid, rate: 1480.25 })).toBeNull();
  });
  it("asks for the rate with SPEC's message", () => {
    expect(errorsOf(exchangeRateSchema, { ...valid, rate: "" })).toEqual({ rate: ["Please enter exchange rate"] });
  });
  it("needs a positive rate with at most 6 decimals", () => {
    expect(errorsOf(exchangeRateSchema, { ...valid, rate: "0" })).toEqual({ rate: ["must be positive"] });
    expect(errorsOf(exchangeRateSchema, { ...valid, rate: "-5" })).toEqual({ rate: ["must be positive"] });
    expect(errorsOf(exchangeRateSchema, { ...valid, rate: "0.0000001" })).toEqual({ rate: ["at most 6 decimal places"] });
  });
  it("needs a currency and a valid date", () => {
    expect(errorsOf(exchangeRateSchema, { rate: "1", input_date: "2024-13-01" })).toEqual({
      currency: ["This field is required"],
      input_date: ["must be a valid date"],
    });
  });
});
