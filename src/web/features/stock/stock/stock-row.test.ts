import { describe, expect, it } from "vitest";
import { atOrBelow, formatQuantity, inventoryName, isExpired, stockValue } from "./stock-row";

describe("stock row helpers", () => {
  it("values stock at purchase price without float errors", () => {
    expect(stockValue("3", "0.10")).toBe("0.30");
    expect(stockValue("2.5", "1250")).toBe("3125.00");
    expect(stockValue(null, "1")).toBe("");
  });
  it("flags expiry from the server, else from the date", () => {
    expect(isExpired({ expire_date: "2020-01-01", expired: false }, "2025-01-01")).toBe(false);
    expect(isExpired({ expire_date: "2025-01-01" }, "2025-01-01")).toBe(true);
    expect(isExpired({ expire_date: "2025-01-02" }, "2025-01-01")).toBe(false);
    expect(isExpired({ expire_date: null }, "2025-01-01")).toBe(false);
  });
  it("names the inventory and formats quantities", () => {
    expect(inventoryName({ inventory: { id: 1, name: "Shop" } })).toBe("Shop");
    expect(inventoryName({ inventory: 1, inventory_name: "Store" })).toBe("Store");
    expect(formatQuantity("1200.500")).toBe("1,200.5");
    expect(formatQuantity("3.000")).toBe("3");
    expect(atOrBelow("2", "5")).toBe(true);
    expect(atOrBelow("6", "5")).toBe(false);
  });
});
