import { describe, expect, it } from "vitest";
import { buildPrintHtml } from "../print/print-html";
import { documentTotals, lineFromStock } from "./document-lines";
import { documentBodyHtml, documentPrintOptions, type PrintableDocument, type PrintLabels } from "./document-print-html";

const labels: PrintLabels = {
  number: "No.",
  date: "Date",
  item: "Item",
  batch: "Batch",
  expiry: "Expiry",
  quantity: "Qty",
  price: "Price",
  fee: "Fee",
  discount: "Discount",
  net: "Net price",
  total: "Total",
  invoiceDiscount: "Discount",
  netTotal: "Net",
  paid: "Paid",
  remaining: "Remaining",
  status: "Status",
  statusText: "Paid",
  amountInWords: "In words",
  note: "Note",
};

const line = {
  ...lineFromStock({ id: 1, quantity: "9", sale_price: "1250", item: { id: 3, name: "Rice <5kg>", barcode: "123", item_type: 1 } }),
  quantity: "2",
};
const doc: PrintableDocument = {
  title: "Sale Invoice",
  number: "42",
  date: "21/11/2026",
  branchId: 1,
  fields: [{ label: "Customer", value: "General" }],
  lines: [line],
  totals: documentTotals([line], "0", "2500"),
  currencyCode: "IQD",
};

describe("document print", () => {
  it("prints number, parties, lines, totals and the amount in words, escaped", () => {
    const html = documentBodyHtml(doc, labels);
    expect(html).toContain("42");
    expect(html).toContain("General");
    expect(html).toContain("Rice &lt;5kg&gt;");
    expect(html).toContain("2,500.00 IQD");
    expect(html).toContain("دوو هەزار و پێنج سەد دینار");
  });
  it("A5 prints two copies", () => {
    const html = buildPrintHtml({ ...documentPrintOptions(doc, labels, true), printedAt: "now" });
    expect(html.match(/class="a5-copy"/g)).toHaveLength(2);
    expect(html).toContain("size: A5");
  });
  it("leaves out payment rows for quotations", () => {
    expect(documentBodyHtml({ ...doc, hidePayment: true }, labels)).not.toContain("Remaining");
  });
});
