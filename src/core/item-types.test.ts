import { describe, expect, it } from "vitest";
import { ITEM_TYPES, ITEM_TYPE_IDS, carriesQuantity, isItemType, itemTypeLabel } from "./item-types";

describe("item types", () => {
  it("has the four ids of SPEC", () => {
    expect(ITEM_TYPES).toEqual({ GOODS: 1, SERVICE: 2, COST: 3, MATERIAL: 4 });
    expect(ITEM_TYPE_IDS).toEqual([1, 2, 3, 4]);
  });
  it("labels each type in English", () => {
    expect([1, 2, 3, 4].map(itemTypeLabel)).toEqual(["Goods", "Service", "Cost", "Material"]);
    expect(itemTypeLabel(9)).toBe("");
  });
  it("recognises valid ids only", () => {
    expect(isItemType(4)).toBe(true);
    expect(isItemType(0)).toBe(false);
    expect(isItemType("1")).toBe(false);
  });
  it("only a service carries no quantity", () => {
    expect(carriesQuantity(ITEM_TYPES.SERVICE)).toBe(false);
    expect(carriesQuantity(ITEM_TYPES.GOODS)).toBe(true);
    expect(carriesQuantity(ITEM_TYPES.COST)).toBe(true);
    expect(carriesQuantity(ITEM_TYPES.MATERIAL)).toBe(true);
  });
});
