import { describe, expect, it } from "vitest";
import { defaultInventory, defaultInventoryBranch } from "./default-inventory";

const branches = [
  {
    id: 1,
    name: "Erbil",
    color: "",
    short_code: "ERB",
    inventories: [
      { id: 10, name: "Main warehouse" },
      { id: 11, name: "Shop" },
    ],
  },
  { id: 2, name: "Suli", color: "", short_code: null, inventories: [{ id: 20, name: "Suli store" }] },
];

describe("defaultInventory", () => {
  it("is the user's default inventory in its branch", () => {
    expect(defaultInventory({ branches, default_inventory_id: 11 }, 1)).toBe(11);
  });
  it("falls back to the branch's first inventory in another branch, without one, or for an old cached user", () => {
    expect(defaultInventory({ branches, default_inventory_id: 11 }, 2)).toBe(20);
    expect(defaultInventory({ branches, default_inventory_id: null }, 1)).toBe(10);
    expect(defaultInventory({ branches }, 1)).toBe(10);
  });
  it("is null without a branch of the user's", () => {
    expect(defaultInventory({ branches, default_inventory_id: 11 }, null)).toBeNull();
    expect(defaultInventory({ branches, default_inventory_id: 11 }, 3)).toBeNull();
    expect(defaultInventory(null, 1)).toBeNull();
  });
});

describe("defaultInventoryBranch", () => {
  it("is the branch holding the default inventory", () => {
    expect(defaultInventoryBranch({ branches, default_inventory_id: 20 })).toBe(2);
    expect(defaultInventoryBranch({ branches, default_inventory_id: 99 })).toBeNull();
    expect(defaultInventoryBranch({ branches, default_inventory_id: null })).toBeNull();
  });
});
