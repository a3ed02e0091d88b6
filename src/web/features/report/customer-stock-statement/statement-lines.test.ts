import { describe, expect, it } from "vitest";
import { statementLines, type CustomerStockAnswer } from "./statement-lines";

const line = (item: number, kind: "sale" | "sale_return", id: number, quantity: string, total: string) => ({
  kind,
  document_id: id,
  invoice_no: id,
  date: "2026-11-01",
  item,
  item_name: `Item ${item}`,
  currency: 1,
  currency_code: "IQD",
  quantity,
  price: "10.00",
  total,
});

describe("statementLines", () => {
  it("groups the lines by item in the order of the totals, each followed by its total line", () => {
    const answer: CustomerStockAnswer = {
      rows: [line(1, "sale", 10, "3.000", "30.00"), line(2, "sale", 10, "1.000", "10.00"), line(1, "sale_return", 11, "-1.000", "-10.00")],
      items: [
        { item: 1, item_name: "Item 1", currency: 1, currency_code: "IQD", net_quantity: "2.000", net_total: "20.00" },
        { item: 2, item_name: "Item 2", currency: 1, currency_code: "IQD", net_quantity: "1.000", net_total: "10.00" },
      ],
    };
    expect(statementLines(answer).map((l) => [l.type, l.item_name, l.quantity, l.total])).toEqual([
      ["line", "Item 1", "3.000", "30.00"],
      ["line", "Item 1", "-1.000", "-10.00"],
      ["total", "Item 1", "2.000", "20.00"],
      ["line", "Item 2", "1.000", "10.00"],
      ["total", "Item 2", "1.000", "10.00"],
    ]);
  });
});
