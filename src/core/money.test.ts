import { describe, expect, it } from "vitest";
import DecimalJs from "decimal.js";
import {
  Decimal,
  InvalidDecimalError,
  abs,
  add,
  compare,
  decimalPlaces,
  div,
  equals,
  formatAmount,
  greaterThan,
  isDecimalString,
  isNegative,
  isPositive,
  isZero,
  lessThan,
  max,
  min,
  mul,
  negate,
  round,
  roundQuantity,
  sub,
  sum,
  toDecimalString,
  toMoney,
  tryMoney,
} from "./money";

describe("toMoney", () => {
  it("parses decimal strings and numbers", () => {
    expect(toMoney("1250.00").toString()).toBe("1250");
    expect(toMoney(" -3.5 ").toString()).toBe("-3.5");
    expect(toMoney(".5").toString()).toBe("0.5");
    expect(toMoney("+7").toString()).toBe("7");
    expect(toMoney(42).toString()).toBe("42");
    expect(toMoney(toMoney("1.1")).toString()).toBe("1.1");
  });

  it("accepts a Decimal of another decimal.js clone", () => {
    expect(toMoney(new DecimalJs("2.5")).toString()).toBe("2.5");
  });

  it.each(["", "  ", "abc", "1,000", "1e5", "0x10", "Infinity", "NaN", "1.2.3", "--1"])("rejects %j", (input) => {
    expect(() => toMoney(input)).toThrow(InvalidDecimalError);
  });

  it("rejects non-finite numbers with a clear message", () => {
    expect(() => toMoney(Number.NaN)).toThrow("Invalid decimal value: null");
    expect(() => toMoney(Number.POSITIVE_INFINITY)).toThrow(InvalidDecimalError);
    expect(() => toMoney("abc")).toThrow('Invalid decimal value: "abc"');
  });

  it("tryMoney gives null instead of throwing", () => {
    expect(tryMoney("x")).toBeNull();
    expect(tryMoney(undefined)).toBeNull();
    expect(tryMoney({})).toBeNull();
    expect(tryMoney("2.50")?.toString()).toBe("2.5");
  });

  it("isDecimalString recognises plain decimal notation only", () => {
    expect(isDecimalString("10.25")).toBe(true);
    expect(isDecimalString("1e3")).toBe(false);
  });
});

describe("arithmetic", () => {
  it("has no float error", () => {
    expect(add("0.1", "0.2").toString()).toBe("0.3");
    expect(add(0.1, 0.2).toString()).toBe("0.3");
    expect(sub("1.00", "0.99").toString()).toBe("0.01");
    expect(mul("19.99", "3").toString()).toBe("59.97");
    expect(mul("1.005", "1000").toString()).toBe("1005");
  });

  it("divides with enough precision and refuses division by zero", () => {
    expect(div("10", "4").toString()).toBe("2.5");
    expect(round(div("1", "3"), 10).toString()).toBe("0.3333333333");
    expect(() => div("1", "0")).toThrow("Division by zero");
  });

  it("negates and takes absolute values", () => {
    expect(negate("5").toString()).toBe("-5");
    expect(abs("-5.5").toString()).toBe("5.5");
  });

  it("keeps large amounts exact", () => {
    expect(mul("999999999999.99", "1000").toString()).toBe("999999999999990");
    expect(add("12345678901234567890.12", "0.01").toFixed(2)).toBe("12345678901234567890.13");
  });

  it("is not affected by the global decimal.js configuration", () => {
    const saved = DecimalJs.precision;
    DecimalJs.set({ precision: 2 });
    try {
      expect(mul("123.45", "2").toString()).toBe("246.9");
    } finally {
      DecimalJs.set({ precision: saved });
    }
    expect(Decimal.precision).toBe(40);
  });
});

describe("round", () => {
  it("rounds half up to 2 decimals by default", () => {
    expect(round("2.345").toString()).toBe("2.35");
    expect(round("2.344").toString()).toBe("2.34");
    expect(round("1.005").toString()).toBe("1.01");
    expect(round("-2.345").toString()).toBe("-2.35");
  });

  it("rounds to a given scale and quantities to 3", () => {
    expect(round("2.5", 0).toString()).toBe("3");
    expect(roundQuantity("1.23456").toString()).toBe("1.235");
  });
});

describe("comparison", () => {
  it("compares numerically, not textually", () => {
    expect(compare("10", "9")).toBe(1);
    expect(compare("1.50", "1.5")).toBe(0);
    expect(compare("-1", "0")).toBe(-1);
    expect(equals("2.00", 2)).toBe(true);
    expect(greaterThan("0.01", "0")).toBe(true);
    expect(lessThan("0.01", "0")).toBe(false);
    expect(min("3", "2").toString()).toBe("2");
    expect(max("3", "2").toString()).toBe("3");
  });

  it("checks zero and sign", () => {
    expect(isZero("0.00")).toBe(true);
    expect(isZero("-0")).toBe(true);
    expect(isZero("0.001")).toBe(false);
    expect(isNegative("-0.01")).toBe(true);
    expect(isNegative("-0")).toBe(false);
    expect(isNegative("0")).toBe(false);
    expect(isPositive("0.01")).toBe(true);
    expect(isPositive("0")).toBe(false);
  });

  it("counts decimal places", () => {
    expect(decimalPlaces("1.50")).toBe(1);
    expect(decimalPlaces("1.234")).toBe(3);
    expect(decimalPlaces("7")).toBe(0);
  });
});

describe("sum", () => {
  it("sums a mixed list exactly", () => {
    expect(sum(["0.1", 0.2, toMoney("0.3")]).toString()).toBe("0.6");
  });
  it("sums the empty list to zero", () => {
    expect(sum([]).toString()).toBe("0");
  });
  it("throws on garbage inside the list", () => {
    expect(() => sum(["1", "x"])).toThrow(InvalidDecimalError);
  });
});

describe("toDecimalString", () => {
  it("gives the fixed-point JSON form", () => {
    expect(toDecimalString("1250")).toBe("1250.00");
    expect(toDecimalString(1250.5)).toBe("1250.50");
    expect(toDecimalString("2.345")).toBe("2.35");
    expect(toDecimalString("3", 3)).toBe("3.000");
    expect(toDecimalString("-0.5")).toBe("-0.50");
  });
  it("never uses exponent notation and prints negative zero as zero", () => {
    expect(toDecimalString("0.0000001", 2)).toBe("0.00");
    expect(toDecimalString("-0.001")).toBe("0.00");
    expect(toDecimalString("100000000000000000000000")).toBe("100000000000000000000000.00");
  });
});

describe("formatAmount", () => {
  it("adds thousands separators and fixed decimals", () => {
    expect(formatAmount("1234567.891")).toBe("1,234,567.89");
    expect(formatAmount("999")).toBe("999.00");
    expect(formatAmount("1000")).toBe("1,000.00");
    expect(formatAmount("-1234.5")).toBe("-1,234.50");
  });
  it("honours decimals, trimZeros and separators", () => {
    expect(formatAmount("1234567.891", { decimals: 0 })).toBe("1,234,568");
    expect(formatAmount("1234.500", { decimals: 3, trimZeros: true })).toBe("1,234.5");
    expect(formatAmount("3.00", { trimZeros: true })).toBe("3");
    expect(formatAmount("1234.5", { thousandsSeparator: ".", decimalSeparator: "," })).toBe("1.234,50");
  });
});
