import { describe, expect, it } from "vitest";
import { errorsOf } from "./schema-test-helpers";
import { damagedStockSchema, damagedStockTypeSchema, inventoryStockTransferSchema } from "./stock-document-schemas";

const transfer = { branch: 1, from_inventory: 1, to_inventory: 2, items: [{ stock: 5, quantity: "2.5" }] };

describe("inventoryStockTransferSchema", () => {
  it("accepts a transfer and keeps quantities as strings", () => {
    expect(errorsOf(inventoryStockTransferSchema, transfer)).toBeNull();
    expect(inventoryStockTransferSchema.validateSync({ ...transfer, items: [{ stock: 5, quantity: 3 }] }).items[0].quantity).toBe("3");
  });

  it("needs different inventories", () => {
    expect(errorsOf(inventoryStockTransferSchema, { ...transfer, to_inventory: 1 })).toEqual({
      to_inventory: ["Inventories must be different"],
    });
  });

  it("needs lines with a positive quantity of at most 3 decimals, each stock row once", () => {
    expect(errorsOf(inventoryStockTransferSchema, { ...transfer, items: [] })).toEqual({ items: ["must have at least 1 items"] });
    expect(errorsOf(inventoryStockTransferSchema, { ...transfer, items: [{ stock: 5, quantity: "0" }] })).toEqual({
      "items[0].quantity": ["must be positive"],
    });
    expect(errorsOf(inventoryStockTransferSchema, { ...transfer, items: [{ stock: 5, quantity: "1.0001" }] })).toEqual({
      "items[0].quantity": ["at most 3 decimal places"],
    });
    expect(
      errorsOf(inventoryStockTransferSchema, {
        ...transfer,
        items: [
          { stock: 5, quantity: "1" },
          { stock: 5, quantity: "2" },
        ],
      }),
    ).toEqual({ items: ["Item already in the list"] });
  });

  it("checks the date form", () => {
    expect(errorsOf(inventoryStockTransferSchema, { ...transfer, input_date: "05/02/2024" })).toEqual({
      input_date: ["must be a valid date"],
    });
    expect(errorsOf(inventoryStockTransferSchema, { ...transfer, input_date: "2024-05-02" })).toBeNull();
  });
});

describe("damagedStockSchema and damagedStockTypeSchema", () => {
  it("requires the inventory, the type and lines", () => {
    expect(errorsOf(damagedStockSchema, {})).toMatchObject({
      inventory: ["This field is required"],
      damaged_stock_type: ["This field is required"],
      items: ["This field is required"],
    });
    expect(errorsOf(damagedStockSchema, { inventory: 1, damaged_stock_type: 2, items: [{ stock: 3, quantity: "1" }] })).toBeNull();
  });

  it("a type is a name", () => {
    expect(errorsOf(damagedStockTypeSchema, { name: " " })).toEqual({ name: ["This field is required"] });
  });
});
