import { describe, expect, it } from "vitest";
import { conversionLineRates, convertedAmount, defaultConversionRate } from "./money-conversion";

const iqd = { isBase: true, latestRate: "1" };
const usd = { isBase: false, latestRate: "1480" };
const eur = { isBase: false, latestRate: "1600" };

describe("money conversion", () => {
  it("reads the rate as base units per unit of the foreign side, both ways", () => {
    expect(convertedAmount("100", "1480", usd, iqd)).toBe("148000.00");
    expect(convertedAmount("148000", "1480", iqd, usd)).toBe("100.00");
    expect(convertedAmount("1000", "1475", iqd, usd)).toBe("0.68");
    expect(convertedAmount("10", "1.08", eur, usd)).toBe("10.80");
  });

  it("proposes the latest rate, or none", () => {
    expect(defaultConversionRate(iqd, usd)).toBe("1480");
    expect(defaultConversionRate(usd, iqd)).toBe("1480");
    expect(defaultConversionRate(eur, usd)).toBe("1.081081");
    expect(defaultConversionRate(iqd, { isBase: false, latestRate: null })).toBeNull();
    expect(defaultConversionRate({ isBase: false, latestRate: "0" }, iqd)).toBeNull();
  });

  it("gives each side's ledger lines their rate", () => {
    // A foreign source leaves at its cashbox's book rate, whatever the stated rate.
    expect(conversionLineRates("1500", usd, iqd, "1480")).toEqual({ from: "1480.000000", to: "1" });
    expect(conversionLineRates("1500", iqd, usd, "1")).toEqual({ from: "1", to: "1500.000000" });
    expect(conversionLineRates("1.25", eur, usd, "1590")).toEqual({ from: "1590.000000", to: "1280.000000" });
    expect(conversionLineRates("1.25", { isBase: false, latestRate: null }, usd, "1600")).toBeNull();
  });
});
