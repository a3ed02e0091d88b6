import { describe, expect, it } from "vitest";
import { describePermission } from "./permission-catalog";

describe("describePermission", () => {
  it("places an action code on its model's row and column", () => {
    expect(describePermission("add_sale")).toEqual({ code: "add_sale", area: "sale", model: "sale", action: "add" });
    expect(describePermission("view_sale_debit_invoice")).toEqual({
      code: "view_sale_debit_invoice",
      area: "accounting",
      model: "sale_debit_invoice",
      action: "view",
    });
  });

  it("places SPEC's extra codes as extras of a model", () => {
    expect(describePermission("report_view_profit")).toMatchObject({ area: "report", model: "report", action: "extra" });
    expect(describePermission("item_create")).toMatchObject({ area: "stock", model: "item", action: "extra" });
    // A quick-create code is also the add column of its model.
    expect(describePermission("add_itemgroup")).toMatchObject({ area: "stock", model: "itemgroup", action: "add" });
  });

  it("keeps an unknown code visible under other", () => {
    expect(describePermission("export_everything")).toEqual({
      code: "export_everything",
      area: "other",
      model: "export_everything",
      action: "extra",
    });
  });
});
