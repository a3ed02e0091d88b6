import { describe, expect, it } from "vitest";
import { purchaseEditRefusal, purchaseLines, purchaseTotals, toPurchaseItems, type PurchaseRecord } from "./purchase-record";

const record: PurchaseRecord = {
  id: 1,
  branch: 1,
  invoice_no: 7,
  input_date: "2026-11-21",
  supplier: 2,
  inventory: 3,
  currency: 1,
  payment_type: "debit",
  cashbox: null,
  total_price: "2500.00",
  discount: "100.00",
  paid_amount: "400.00",
  payment_status: "partial_paid",
  returned_amount: "0.00",
  items: [
    {
      id: 9,
      item: 5,
      item_name: "Tea",
      barcode: "626",
      item_type: 1,
      stock: 4,
      quantity: "2.000",
      purchase_price: "1250.00",
      sale_price: "1500.00",
      batch_number: "B1",
      expire_date: "2027-01-01",
    },
  ],
};

describe("purchase record", () => {
  it("maps lines with purchase and sale prices and totals", () => {
    const [line] = purchaseLines(record);
    expect(line).toMatchObject({
      item: 5,
      name: "Tea",
      quantity: "2",
      price: "1250",
      sale_price: "1500.00",
      batch_number: "B1",
      expire_date: "2027-01-01",
    });
    expect(purchaseTotals(record)).toMatchObject({ total: "2500.00", net: "2400.00", remaining: "2000.00", status: "partial_paid" });
  });
  it("refuses edits of paid or returned purchases", () => {
    expect(purchaseEditRefusal(record)).toBeNull();
    expect(purchaseEditRefusal({ ...record, payment_status: "paid" })).toMatch(/paid invoice/);
    expect(purchaseEditRefusal({ ...record, returned_amount: "10.00" })).toMatch(/linked/);
  });
  it("sends batch and expiry only with batch tracking", () => {
    const lines = purchaseLines(record);
    expect(toPurchaseItems(lines, true)[0]).toEqual({
      item: 5,
      quantity: "2",
      purchase_price: "1250",
      sale_price: "1500.00",
      batch_number: "B1",
      expire_date: "2027-01-01",
    });
    expect(toPurchaseItems(lines, false)[0]).toMatchObject({ batch_number: "", expire_date: null });
  });
});
