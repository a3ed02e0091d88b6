import { describe, expect, it } from "vitest";
import { returnableLines } from "./return-lines";

describe("returnableLines", () => {
  it("offers what was bought minus what was returned, capped by the stock row", () => {
    const lines = returnableLines({
      id: 1,
      branch: 1,
      invoice_no: 3,
      items: [
        {
          id: 1,
          stock: 10,
          item: 5,
          item_name: "Tea",
          quantity: "10.000",
          returned_quantity: "4.000",
          stock_quantity: "20",
          purchase_price: "100.00",
        },
        {
          id: 2,
          stock: 11,
          item: 6,
          item_name: "Rice",
          quantity: "5.000",
          returned_quantity: "0",
          stock_quantity: "2",
          purchase_price: "50",
        },
        { id: 3, stock: 12, item: 7, item_name: "Oil", quantity: "3", returned_quantity: "3", stock_quantity: "9", purchase_price: "1" },
      ],
    });
    expect(lines.map((l) => [l.stock, l.quantity, l.available, l.price])).toEqual([
      [10, "6", "6", "100.00"],
      [11, "2", "2", "50.00"],
    ]);
  });
});
