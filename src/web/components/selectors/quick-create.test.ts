import { describe, expect, it } from "vitest";
import { canQuickCreate, quickCreateBody } from "./quick-create";

describe("selector quick-create", () => {
  it("needs permission to add, the permission and typed text", () => {
    expect(canQuickCreate({ allowed: true, hasPermission: true, text: "Kg" })).toBe(true);
    expect(canQuickCreate({ allowed: false, hasPermission: true, text: "Kg" })).toBe(false);
    expect(canQuickCreate({ allowed: true, hasPermission: false, text: "Kg" })).toBe(false);
    expect(canQuickCreate({ allowed: true, hasPermission: true, text: "   " })).toBe(false);
  });
  it("trims supplier and customer names and sends nothing when empty", () => {
    expect(quickCreateBody("supplier", "  Ali  ", { branches: [1, 2] })).toEqual({ name: "Ali", branches: [1, 2] });
    expect(quickCreateBody("customer", " Sara ", { branches: [3] })).toEqual({ name: "Sara", branches: [3] });
    expect(quickCreateBody("supplier", "   ", { branches: [1] })).toBeNull();
    expect(quickCreateBody("customer", "", { branches: [1] })).toBeNull();
  });
  it("creates a subgroup only under exactly one group", () => {
    expect(quickCreateBody("item-subgroup", "Rice", { groups: [4] })).toEqual({ name: "Rice", item_group: 4 });
    expect(quickCreateBody("item-subgroup", "Rice", { groups: [] })).toBeNull();
    expect(quickCreateBody("item-subgroup", "Rice", { groups: [1, 2] })).toBeNull();
  });
  it("sends the name for groups and cities", () => {
    expect(quickCreateBody("item-group", "Food")).toEqual({ name: "Food" });
    expect(quickCreateBody("city", "Erbil")).toEqual({ name: "Erbil" });
  });
});
