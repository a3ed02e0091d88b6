import { describe, expect, it } from "vitest";
import { MissingRateError, convertAmount, fromBase, rateFactor, rateOf, toBase } from "./exchange-rate";

const rates = [
  { currency: "USD", rate: "1480" },
  { currency: "EUR", rate: "1600.50" },
];

describe("rateFactor (SPEC helper)", () => {
  it("uses the IQD rate as is", () => {
    expect(rateFactor("IQD", "1480").toString()).toBe("1480");
    expect(rateFactor("iqd", 1).toString()).toBe("1");
  });
  it("inverts the rate of other currencies", () => {
    expect(rateFactor("USD", "4").toString()).toBe("0.25");
    expect(rateFactor("USD", "1480").times(1480).toFixed(10)).toBe("1.0000000000");
  });
  it("refuses zero and negative rates", () => {
    expect(() => rateFactor("USD", "0")).toThrow(RangeError);
    expect(() => rateFactor("IQD", "-1")).toThrow(RangeError);
  });
});

describe("rateOf", () => {
  it("gives 1 for the base currency even without a record", () => {
    expect(rateOf("IQD", []).toString()).toBe("1");
  });
  it("finds a currency case-insensitively", () => {
    expect(rateOf("usd", rates).toString()).toBe("1480");
  });
  it("throws when the rate is missing or unusable", () => {
    expect(() => rateOf("GBP", rates)).toThrow(MissingRateError);
    expect(() => rateOf("USD", [{ currency: "USD", rate: "0" }])).toThrow("No exchange rate for USD");
  });
});

describe("conversion", () => {
  it("converts to and from the base currency", () => {
    expect(toBase("100", "1480").toString()).toBe("148000");
    expect(fromBase("148000", "1480").toString()).toBe("100");
  });

  it("converts between any two currencies, rounding half up once", () => {
    expect(convertAmount("100", "USD", "IQD", rates).toFixed(2)).toBe("148000.00");
    expect(convertAmount("1000", "IQD", "USD", rates).toFixed(2)).toBe("0.68"); // 0.6756...
    expect(convertAmount("10", "EUR", "USD", rates).toFixed(2)).toBe("10.81"); // 10.8141...
    expect(convertAmount("1000", "IQD", "USD", rates, { scale: 4 }).toFixed(4)).toBe("0.6757");
  });

  it("only rounds when both currencies are the same", () => {
    expect(convertAmount("12.345", "USD", "usd", []).toFixed(2)).toBe("12.35");
  });

  it("throws on a missing rate", () => {
    expect(() => convertAmount("1", "GBP", "IQD", rates)).toThrow(MissingRateError);
  });
});
