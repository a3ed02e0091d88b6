import { describe, expect, it } from "vitest";
import {
  cashStep,
  counterChange,
  dueIn,
  quickAmounts,
  roundDownTo,
  roundUpTo,
  settleTenders,
  tenderedValue,
  valueIn,
} from "./counter-change";

describe("counter change", () => {
  it("values tenders in the sale's currency at the rates, each rounded to cents", () => {
    expect(valueIn("50", "1480", "1").toFixed(2)).toBe("74000.00");
    expect(valueIn("15000", "1", "1480").toFixed(2)).toBe("10.14");
    expect(
      tenderedValue(
        [
          { amount: "50", rate: "1480" },
          { amount: "25000", rate: "1" },
        ],
        "1",
      ).toFixed(2),
    ).toBe("99000.00");
  });

  it("rounds to the smallest note, down for change and up for a quick amount", () => {
    expect(roundDownTo("4900", "250").toFixed(2)).toBe("4750.00");
    expect(roundDownTo("5000", "250").toFixed(2)).toBe("5000.00");
    expect(roundUpTo("10100", "250").toFixed(2)).toBe("10250.00");
    expect(roundUpTo("12.34", "1").toFixed(2)).toBe("13.00");
    expect(cashStep("IQD")).toBe("250");
    expect(cashStep("EUR")).toBe("0.01");
  });

  it("works out change in dinars for dollars and dinars handed over for a dinar sale", () => {
    const r = counterChange({
      due: "95000",
      saleRate: "1",
      tenders: [
        { amount: "50", rate: "1480" },
        { amount: "25000", rate: "1" },
      ],
      changeRate: "1",
      changeStep: "250",
    });
    expect(r).toEqual({
      tendered: "99000.00",
      remaining: "0.00",
      change: "4000.00",
      changeValue: "4000.00",
      kept: "0.00",
      paid: "95000.00",
    });
  });

  it("keeps what no smaller note can give back", () => {
    const r = counterChange({ due: "10100", saleRate: "1", tenders: [{ amount: "10", rate: "1500" }], changeRate: "1", changeStep: "250" });
    expect(r).toMatchObject({ change: "4750.00", kept: "150.00", paid: "10100.00" });
  });

  it("gives change in dollars for a dollar sale paid in dinars, never more than owed", () => {
    const r = counterChange({
      due: "12.50",
      saleRate: "1480",
      tenders: [{ amount: "25000", rate: "1" }],
      changeRate: "1480",
      changeStep: "1",
    });
    // 25,000 IQD = 16.89 USD: 4.39 owed back, 4 dollars given.
    expect(r).toMatchObject({ tendered: "16.89", change: "4.00", changeValue: "4.00", kept: "0.39", paid: "12.50" });
  });

  it("says what is still owed when the tenders fall short", () => {
    const r = counterChange({
      due: "100000",
      saleRate: "1",
      tenders: [{ amount: "20", rate: "1500" }],
      changeRate: "1",
      changeStep: "250",
    });
    expect(r).toMatchObject({ remaining: "70000.00", change: "0.00", paid: "30000.00" });
  });

  it("offers exact, rounded-up and the covering notes, once each and in order", () => {
    expect(quickAmounts("12340", "IQD")).toEqual(["12340.00", "12500.00", "25000.00", "50000.00"]);
    expect(quickAmounts("20", "USD")).toEqual(["20.00", "50.00", "100.00"]);
    expect(quickAmounts("130", "USD")).toEqual(["130.00", "200.00"]);
    expect(quickAmounts("0", "USD")).toEqual([]);
    expect(dueIn("100000", "1", "1480")).toBe("67.57");
  });
});

describe("settleTenders (the server's reading)", () => {
  const base = { due: "10000", saleRate: "1", toleranceValue: "250" };
  it("pays the tenders less the change", () => {
    expect(settleTenders({ ...base, tenders: [{ amount: "8000", rate: "1" }], change: null })).toEqual({
      ok: true,
      paid: "8000.00",
      kept: "0.00",
    });
    expect(settleTenders({ ...base, tenders: [{ amount: "10", rate: "1500" }], change: { amount: "4800", rate: "1" } })).toEqual({
      ok: true,
      paid: "10000.00",
      kept: "200.00",
    });
  });
  it("refuses change above the tenders and more than a note past the total", () => {
    expect(settleTenders({ ...base, tenders: [{ amount: "100", rate: "1" }], change: { amount: "200", rate: "1" } })).toEqual({
      ok: false,
      problem: "change_exceeds_tendered",
    });
    expect(settleTenders({ ...base, tenders: [{ amount: "10300", rate: "1" }], change: null })).toEqual({
      ok: false,
      problem: "paid_exceeds_total",
    });
    expect(settleTenders({ ...base, tenders: [{ amount: "10200", rate: "1" }], change: null })).toEqual({
      ok: true,
      paid: "10000.00",
      kept: "200.00",
    });
  });
});
