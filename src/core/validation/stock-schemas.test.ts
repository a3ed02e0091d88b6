import { describe, expect, it } from "vitest";
import { errorsOf } from "./schema-test-helpers";
import { citySchema, itemGroupSchema, itemSchema, itemSubgroupSchema, measurementSchema } from "./stock-schemas";

describe("name-only schemas", () => {
  it.each([
    ["measurement", measurementSchema],
    ["item group", itemGroupSchema],
    ["city", citySchema],
  ] as const)("%s: trims, requires and caps the name", (_label, schema) => {
    expect(schema.validateSync({ name: "  Kg " })).toEqual({ name: "Kg" });
    expect(errorsOf(schema, { name: "   " })).toEqual({ name: ["This field is required"] });
    expect(errorsOf(schema, {})).toEqual({ name: ["This field is required"] });
    expect(errorsOf(schema, { name: "x".repeat(256) })).toEqual({ name: ["at most 255 characters"] });
    expect(errorsOf(schema, { name: "x".repeat(255) })).toBeNull();
  });
});

describe("itemSubgroupSchema", () => {
  it("needs a group id", () => {
    expect(itemSubgroupSchema.validateSync({ name: "Rice", item_group: "3" })).toEqual({ name: "Rice", item_group: 3 });
    expect(errorsOf(itemSubgroupSchema, { name: "Rice", item_group: "" })).toEqual({ item_group: ["This field is required"] });
    expect(errorsOf(itemSubgroupSchema, { name: "Rice", item_group: -1 })).toEqual({ item_group: ["must be positive"] });
  });
});

describe("itemSchema", () => {
  const valid = {
    name: "Basmati rice 5kg",
    code: "R-5",
    barcode: "6260000000011",
    item_type: 1,
    is_active: true,
    min_quantity: "10",
    per_packet_quantity: "4.5",
    measurement: 1,
    packet_measurement: 2,
    item_group: 3,
    item_subgroup: 4,
    purchase_price: "12500.00",
    sale_price: 15000,
    profit_percentage: "20.00",
    expire_date: "2026-01-31",
    batch_number: "B-17",
  };

  it("passes a full valid item and casts its fields", () => {
    const value = itemSchema.validateSync(valid);
    expect(value).toMatchObject({ sale_price: "15000", item_type: 1, measurement: 1, expire_date: "2026-01-31" });
  });

  it("passes a minimal item with defaults", () => {
    expect(itemSchema.validateSync({ name: "Delivery", item_type: 2, purchase_price: "0", sale_price: "5" })).toMatchObject({
      is_active: true,
      item_type: 2,
    });
    expect(itemSchema.validateSync({ name: "X", purchase_price: "0", sale_price: "0" }).item_type).toBe(1);
  });

  it("accepts empty optional inputs from a form", () => {
    expect(
      errorsOf(itemSchema, { ...valid, min_quantity: "", measurement: "", item_group: null, expire_date: "", profit_percentage: null }),
    ).toBeNull();
  });

  it("rejects an unknown item type", () => {
    expect(errorsOf(itemSchema, { ...valid, item_type: 5 })).toEqual({
      item_type: ["must be one of the following values: 1, 2, 3, 4"],
    });
  });

  it("checks amounts: required, numeric, non-negative, 2 decimals", () => {
    expect(errorsOf(itemSchema, { ...valid, purchase_price: "", sale_price: "abc" })).toEqual({
      purchase_price: ["This field is required"],
      sale_price: ["must be a number"],
    });
    expect(errorsOf(itemSchema, { ...valid, purchase_price: "-1", sale_price: "1.005", profit_percentage: "-3" })).toEqual({
      purchase_price: ["greater than or equal to 0"],
      sale_price: ["at most 2 decimal places"],
      profit_percentage: ["greater than or equal to 0"],
    });
  });

  it("checks quantities with 3 decimals", () => {
    expect(errorsOf(itemSchema, { ...valid, min_quantity: "1.125" })).toBeNull();
    expect(errorsOf(itemSchema, { ...valid, min_quantity: "1.1255", per_packet_quantity: "-2" })).toEqual({
      min_quantity: ["at most 3 decimal places"],
      per_packet_quantity: ["greater than or equal to 0"],
    });
  });

  it("checks ids, dates and text lengths", () => {
    expect(
      errorsOf(itemSchema, { ...valid, measurement: 0, item_subgroup: 2.5, expire_date: "31/01/2026", batch_number: "b".repeat(256) }),
    ).toEqual({
      measurement: ["must be positive"],
      item_subgroup: ["must be an integer"],
      expire_date: ["must be a valid date"],
      batch_number: ["at most 255 characters"],
    });
  });
});
