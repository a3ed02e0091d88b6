import { describe, expect, it } from "vitest";
import { changeLines, fieldTitle, recordTypeOf, valueText } from "./audit-record";

describe("recordTypeOf", () => {
  it("reads the table name from a view's route or an endpoint", () => {
    expect(recordTypeOf("/sale/sale/12/view")).toBe("sale");
    expect(recordTypeOf("/sale/sale-return/7/view")).toBe("sale_return");
    expect(recordTypeOf("/stock/inventory-stock-transfer/3/view?x=1")).toBe("inventory_stock_transfer");
    expect(recordTypeOf("accounting/cashbox-transfer/")).toBe("cashbox_transfer");
    expect(recordTypeOf("")).toBeNull();
  });
});

describe("changes", () => {
  it("shows field changes old to new, and an event's details as values", () => {
    expect(changeLines({ note: { old: null, new: "first" }, ip: "10.0.0.1" })).toEqual([
      { field: "note", old: "", new: "first", isChange: true },
      { field: "ip", old: "", new: "10.0.0.1", isChange: false },
    ]);
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText(false)).toBe("false");
    expect(fieldTitle("customer_id")).toBe("Customer");
    expect(fieldTitle("paid_amount")).toBe("Paid amount");
  });
});
