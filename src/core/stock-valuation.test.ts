import { describe, expect, it } from "vitest";
import { add, sum, toDecimalString } from "./money";
import { allocateValue, postRevaluation, revaluationNeeded, unitCost, valueMoved, valueOut } from "./stock-valuation";

describe("valueOut", () => {
  it("takes the row's value in proportion to the quantity, rounded to cents", () => {
    expect(valueOut("1000.00", "3", "1")).toBe("333.33");
    expect(valueOut("1000.00", "3", "2")).toBe("666.67");
  });
  it("gives the last unit out exactly what is left, so an empty row holds nothing", () => {
    let value = "1000.00";
    let quantity = 3;
    const taken: string[] = [];
    for (const out of [1, 1, 1]) {
      const part = valueOut(value, quantity, out);
      taken.push(part);
      value = toDecimalString(add(value, `-${part}`));
      quantity -= out;
    }
    expect(taken).toEqual(["333.33", "333.34", "333.33"]);
    expect(value).toBe("0.00");
  });
  it("takes everything from a row with no quantity left", () => {
    expect(valueOut("12.50", "0", "0")).toBe("12.50");
  });
});

describe("valueMoved", () => {
  const row = { quantity: "4", value: "1000.00", fallbackUnitCost: "99" };
  it("is negative going out, by the rule", () => {
    expect(valueMoved(row, "-1", null)).toBe("-250.00");
    expect(valueMoved(row, "-4", "1.00")).toBe("-1000.00");
  });
  it("comes in at the document's value, else at the row's unit cost, else at the fallback", () => {
    expect(valueMoved(row, "2", "300.10")).toBe("300.10");
    expect(valueMoved(row, "2", null)).toBe("500.00");
    expect(valueMoved({ quantity: "0", value: "0", fallbackUnitCost: "99" }, "2", null)).toBe("198.00");
  });
});

describe("unitCost", () => {
  it("is the value per unit, none for an empty row", () => {
    expect(unitCost("1000.00", "3")).toBe("333.33");
    expect(unitCost("0.00", "0")).toBeNull();
  });
});

describe("allocateValue", () => {
  it("splits a total in proportion, the parts adding up to it exactly", () => {
    const parts = allocateValue("100.00", ["1", "1", "1"]);
    expect(parts).toEqual(["33.33", "33.33", "33.34"]);
    expect(toDecimalString(sum(parts))).toBe("100.00");
  });
  it("spreads a purchase's discount over its lines", () => {
    expect(allocateValue("900.00", ["600", "400"])).toEqual(["540.00", "360.00"]);
  });
  it("puts everything on the last line when the weights are zero", () => {
    expect(allocateValue("5.00", ["0", "0"])).toEqual(["0.00", "5.00"]);
  });
});

describe("revaluationNeeded", () => {
  it("is what the stock moved less what the ledger booked", () => {
    expect(revaluationNeeded("-333.33", "-333.00")).toBe("-0.33");
    expect(revaluationNeeded("10", "10")).toBe("0.00");
  });
});

describe("postRevaluation", () => {
  it("raises inventory against cost of goods, or lowers it, in the base currency", () => {
    const up = postRevaluation(1, "sale", "0.33");
    expect(up.map((l) => [l.account_type, l.debit, l.credit, l.memo])).toEqual([
      ["inventory", "0.33", "0.00", "revaluation"],
      ["cost_of_goods", "0.00", "0.33", "revaluation"],
    ]);
    const down = postRevaluation(1, "damaged_stock", "-2");
    expect(down.map((l) => [l.account_type, l.debit, l.credit])).toEqual([
      ["damaged_stock", "2.00", "0.00"],
      ["inventory", "0.00", "2.00"],
    ]);
    expect(postRevaluation(1, "sale", "0")).toEqual([]);
  });
});
