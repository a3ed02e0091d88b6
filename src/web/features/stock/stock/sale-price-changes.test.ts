import { describe, expect, it } from "vitest";
import { changedPrices } from "./sale-price-changes";

describe("changedPrices", () => {
  it("sends only valid, changed prices of stock lines", () => {
    const lines = [
      { key: "s1", stock: 1, price: "1000.00" },
      { key: "s2", stock: 2, price: "500.00" },
      { key: "s3", stock: 3, price: "10.00" },
      { key: "i4", stock: null, price: "1.00" },
    ];
    expect(changedPrices(lines, { s1: "1250.5", s2: "500", s3: "", i4: "3" })).toEqual([{ stock: 1, sale_price: "1250.50" }]);
  });
});
