import { describe, expect, it } from "vitest";
import { encodeGrants, grantedTables, LEGACY_GRANTS, rightsChange } from "./sync-grants";

const holder = (permissions: string[]) => ({ is_superuser: false, permissions });
const names = (permissions: string[]) => grantedTables(holder(permissions)).map((g) => g.table.name);

describe("sync grants", () => {
  it("a table goes to whoever may read it through the API; its cost only with a cost code", () => {
    expect(names(["view_payroll"])).not.toEqual(expect.arrayContaining(["item"]));
    expect(names(["view_payroll"])).toEqual(expect.arrayContaining(["currency", "setting", "print_info"]));
    const seller = grantedTables(holder(["add_sale"]));
    expect(seller.find((g) => g.table.name === "item")).toMatchObject({ cost: false });
    expect(seller.find((g) => g.table.name === "stock")).toMatchObject({ cost: false });
    expect(seller.map((g) => g.table.name)).not.toContain("cashbox");
    const buyer = grantedTables(holder(["add_sale", "view_purchase"]));
    expect(buyer.find((g) => g.table.name === "stock")).toMatchObject({ cost: true });
    // Stock rides with its items: without them, none of it (view_item alone: items without stock).
    expect(names(["view_item"])).toContain("item");
    expect(names(["view_item"])).not.toContain("stock");
    expect(encodeGrants(grantedTables({ is_superuser: true, permissions: [] }))).toBe(LEGACY_GRANTS);
  });

  it("stock gained re-walks its items (emptied first); items dropped take their stock along", () => {
    const before = encodeGrants(grantedTables(holder(["view_item"])));
    const change = rightsChange(before, grantedTables(holder(["view_item", "add_sale"])));
    expect(change.pull.sort()).toEqual(["item", "stock"]);
    expect(change.drop).toEqual(["item"]);
    const lost = rightsChange(encodeGrants(grantedTables(holder(["add_sale"]))), grantedTables(holder([])));
    expect(lost.drop).toEqual(expect.arrayContaining(["item", "stock"]));
    expect(lost.pull).toEqual([]);
    expect(rightsChange(before, grantedTables(holder(["view_item"])))).toEqual({ drop: [], pull: [] });
  });
});
