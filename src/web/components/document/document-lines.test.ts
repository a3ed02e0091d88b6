import { describe, expect, it } from "vitest";
import { addOrMergeLine, documentTotals, lineAmounts, lineFromItem, lineFromStock, lineProblem, toSaleItems } from "./document-lines";

const stockRow = (id: number, quantity: string, extra: Record<string, unknown> = {}) =>
  lineFromStock({
    id,
    quantity,
    sale_price: "1500",
    purchase_price: "1000",
    batch_number: "B1",
    expire_date: "2027-01-31T00:00:00Z",
    item: { id: 100 + id, name: `Item ${id}`, barcode: `BC${id}`, item_type: 1 },
    ...extra,
  });

describe("lineFromStock", () => {
  it("takes item, batch, expiry, price and the available quantity", () => {
    const line = stockRow(1, "5");
    expect(line).toMatchObject({
      key: "s1",
      stock: 1,
      item: 101,
      name: "Item 1",
      barcode: "BC1",
      batch_number: "B1",
      expire_date: "2027-01-31",
      quantity: "1",
      price: "1500.00",
      available: "5",
    });
  });
  it("accepts the flat cache shape and the purchase price", () => {
    const line = lineFromStock(
      { id: 7, item_id: 3, quantity: 2, purchase_price: "900", sale_price: "1200", name: "Tea", barcode: "111" },
      "purchase_price",
    );
    expect(line).toMatchObject({ item: 3, name: "Tea", price: "900.00", available: "2" });
  });
});

describe("addOrMergeLine", () => {
  it("adds a new line", () => {
    const result = addOrMergeLine([], stockRow(1, "5"), { checkStock: true });
    expect(result.kind).toBe("added");
  });
  it("raises the quantity of the same stock row", () => {
    const first = addOrMergeLine([], stockRow(1, "5"), { checkStock: true });
    if (first.kind === "refused") throw new Error("refused");
    const second = addOrMergeLine(first.lines, stockRow(1, "5"), { checkStock: true });
    expect(second.kind).toBe("merged");
    if (second.kind !== "refused") expect(second.lines[0].quantity).toBe("2");
  });
  it("refuses an empty stock row and more than the stock holds", () => {
    expect(addOrMergeLine([], stockRow(1, "0"), { checkStock: true })).toMatchObject({
      kind: "refused",
      message: "Cannot sell item with 0 quantity",
    });
    const one = addOrMergeLine([], stockRow(1, "1"), { checkStock: true });
    if (one.kind === "refused") throw new Error("refused");
    expect(addOrMergeLine(one.lines, stockRow(1, "1"), { checkStock: true })).toMatchObject({
      kind: "refused",
      message: "Quantity is greater than stock quantity",
    });
  });
  it("does not check stock when told not to (quotations, purchases)", () => {
    expect(addOrMergeLine([], stockRow(1, "0")).kind).toBe("added");
  });
  it("refuses a line already listed when merging is off, and a service twice", () => {
    const one = addOrMergeLine([], stockRow(1, "3"));
    if (one.kind === "refused") throw new Error("refused");
    expect(addOrMergeLine(one.lines, stockRow(1, "3"), { merge: false })).toMatchObject({
      kind: "refused",
      message: "Item already in the list",
    });
    const service = lineFromItem({ id: 9, name: "Delivery", item_type: 2, sale_price: "2000" });
    const withService = addOrMergeLine([], service, { checkStock: true });
    if (withService.kind === "refused") throw new Error("refused");
    expect(addOrMergeLine(withService.lines, service, { checkStock: true })).toMatchObject({
      kind: "refused",
      message: "Item already in the list",
    });
  });
  it("takes only material items when asked", () => {
    expect(addOrMergeLine([], stockRow(1, "3"), { materialOnly: true })).toMatchObject({
      kind: "refused",
      message: "Only material item is allowed",
    });
    const material = lineFromStock({ id: 2, quantity: "3", sale_price: "10", item: { id: 5, name: "Glue", item_type: 4 } });
    expect(addOrMergeLine([], material, { materialOnly: true }).kind).toBe("added");
  });
});

describe("amounts and totals", () => {
  it("computes net and total per line with decimals", () => {
    expect(lineAmounts({ quantity: "3", price: "0.10", fee: "0.05", discount: "0.02" })).toEqual({
      net_price: "0.13",
      total_price: "0.39",
    });
  });
  it("totals, discount, paid, remaining and status", () => {
    const lines = [
      { quantity: "2", price: "1500", fee: "0", discount: "0" },
      { quantity: "1", price: "250.50", fee: "0", discount: "0" },
    ];
    expect(documentTotals(lines, "50.50", "0")).toEqual({
      total: "3250.50",
      discount: "50.50",
      net: "3200.00",
      paid: "0.00",
      remaining: "3200.00",
      status: "unpaid",
    });
    expect(documentTotals(lines, "0", "1000").status).toBe("partial_paid");
    expect(documentTotals(lines, "0", "3250.50")).toMatchObject({ remaining: "0.00", status: "paid" });
    expect(documentTotals(lines, "", "abc")).toMatchObject({ discount: "0.00", paid: "0.00" });
  });
  it("counts what returns took back: over-paid after a return reads paid with nothing remaining", () => {
    const lines = [{ ...stockRow(1, "5"), quantity: "2", price: "33500" }];
    expect(documentTotals(lines, "0", "63500", "33500")).toMatchObject({ net: "67000.00", remaining: "0.00", status: "paid" });
    expect(documentTotals(lines, "0", "30000", "33500")).toMatchObject({ remaining: "3500.00", status: "partial_paid" });
  });
  it("flags a line above the stock", () => {
    const line = { ...stockRow(1, "2"), quantity: "3" };
    expect(lineProblem(line, true)).toBe("Quantity is greater than stock quantity");
    expect(lineProblem({ ...line, quantity: "0" }, true)).toBe("This field is required");
    expect(lineProblem(line, false)).toBeNull();
  });
  it("sends stock lines and service lines", () => {
    const service = lineFromItem({ id: 9, name: "Delivery", item_type: 2, sale_price: "2000" });
    expect(toSaleItems([stockRow(1, "2"), service])).toEqual([
      { stock: 1, quantity: "1", price: "1500.00", fee: "0", discount: "0" },
      { item: 9, quantity: "1", price: "2000.00", fee: "0", discount: "0" },
    ]);
  });
});
