import { describe, expect, it } from "vitest";

import { allocateValue, moved, movementValue, returnedValue, unitCost, valueOut, type ValuedRow } from "./stock-valuation";

describe("stock valuation (moving average)", () => {
  it("takes quantity x average cost, rounded to cents, and the last unit takes what is left", () => {
    // 3 units worth 10.00: each at 3.333...
    expect(valueOut("10.00", 3, 1)).toBe("3.33");
    expect(valueOut("6.67", 2, 1)).toBe("3.34");
    expect(valueOut("3.33", 1, 1)).toBe("3.33");
    expect(valueOut("10.00", 3, 5)).toBe("10.00");
  });

  it("empties a row to exactly zero however it is sold off", () => {
    let row: ValuedRow = { quantity: 0, value: 0 };
    row = moved(row, 7, movementValue(row, 7, "100.00"));
    row = moved(row, 3, movementValue(row, 3, "50.01"));
    const outs: string[] = [];
    for (const q of [1, 4, 2, 3]) {
      const v = movementValue(row, -q, null);
      outs.push(v);
      row = moved(row, -q, v);
    }
    expect(outs).toEqual(["-15.00", "-60.00", "-30.00", "-45.01"]);
    expect(Number(row.quantity)).toBe(0);
    expect(Number(row.value)).toBe(0);
  });

  it("brings an incoming movement without a value in at the row's average, or the fallback for an empty row", () => {
    expect(movementValue({ quantity: 4, value: "10.00" }, 2, null)).toBe("5.00");
    expect(movementValue({ quantity: 0, value: 0 }, 2, null, "1.255")).toBe("2.51");
    expect(movementValue({ quantity: 4, value: "10.00" }, 0, null)).toBe("0.00");
    expect(movementValue({ quantity: 4, value: "10.00" }, -2, "-7.00")).toBe("-7.00");
  });

  it("splits a purchase's net over its lines so the parts add up to the total", () => {
    const parts = allocateValue("1000.00", [1, 1, 1]);
    expect(parts).toEqual(["333.33", "333.33", "333.34"]);
    expect(allocateValue("952.38", [800, 200])).toEqual(["761.90", "190.48"]);
    expect(allocateValue("5.00", [0, 0])).toEqual(["0.00", "5.00"]);
  });

  it("gives a sale return the sold line's value per unit, and all of it when all comes back", () => {
    expect(returnedValue("10.00", 3, 1)).toBe("3.33");
    expect(returnedValue("10.00", 3, 3)).toBe("10.00");
  });

  it("shows a row's unit cost as its value per unit, none when it holds nothing", () => {
    expect(unitCost("10.00", 3)).toBe("3.33");
    expect(unitCost("10.00", 0)).toBeNull();
  });
});
