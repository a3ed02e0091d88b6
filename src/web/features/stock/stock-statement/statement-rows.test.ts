import { describe, expect, it } from "vitest";
import { documentPath, statementRows, statementTotals } from "./statement-rows";

describe("stock statement rows", () => {
  it("splits signed movements into in and out with a running quantity", () => {
    const rows = statementRows([
      { id: 1, quantity: "10", document_type: "purchase", document_id: 4, created_at: "2025-01-02T10:00:00Z" },
      { id: 2, quantity: "-3.5", document_type: "sale", document_id: 9 },
    ]);
    expect(rows.map((r) => [r.quantityIn, r.quantityOut, r.running])).toEqual([
      ["10.000", "", "10.000"],
      ["", "3.500", "6.500"],
    ]);
    expect(rows[0].date).toBe("2025-01-02");
    expect(statementTotals(rows)).toEqual({ quantityIn: "10.000", quantityOut: "3.500" });
  });
  it("starts from the opening quantity and trusts the server's balance", () => {
    const rows = statementRows({ opening: "5", movements: [{ quantity_in: "2" }, { quantity: "-1", balance_after: "100" }] });
    expect(rows.map((r) => r.running)).toEqual(["7.000", "100.000"]);
  });
  it("links documents to their view screen", () => {
    expect(documentPath("purchase", 3)).toBe("/purchase/purchase/3/view");
    expect(documentPath("unknown", 3)).toBeNull();
    expect(documentPath("sale", null)).toBeNull();
  });
});

describe("the server's statement shape", () => {
  it("reads in/out columns, the document number and the opening quantity", () => {
    const rows = statementRows({
      opening_quantity: "4",
      results: [
        {
          id: 7,
          date: "2025-03-01",
          document_type: "purchase",
          document_id: 2,
          document_number: 15,
          in_quantity: "6",
          out_quantity: "0",
          running_quantity: "10",
        },
        {
          id: 8,
          date: "2025-03-02",
          document_type: "sale",
          document_id: 3,
          document_number: 40,
          in_quantity: "0",
          out_quantity: "1",
          running_quantity: "9",
        },
      ],
    });
    expect(rows.map((r) => [r.documentNo, r.quantityIn, r.quantityOut, r.running])).toEqual([
      ["15", "6.000", "", "10.000"],
      ["40", "", "1.000", "9.000"],
    ]);
  });
});

describe("one stock row's movements", () => {
  it("keeps only that row and counts its own running quantity", () => {
    const rows = statementRows(
      {
        opening_quantity: "50",
        results: [
          { stock: 1, in_quantity: "5", out_quantity: "0", running_quantity: "55" },
          { stock: 2, in_quantity: "9", out_quantity: "0" },
          { stock: 1, in_quantity: "0", out_quantity: "2", running_quantity: "62" },
        ],
      },
      1,
    );
    expect(rows.map((r) => r.running)).toEqual(["5.000", "3.000"]);
  });
});
