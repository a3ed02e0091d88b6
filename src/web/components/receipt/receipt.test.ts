import { describe, expect, it } from "vitest";
import { amountInWords } from "../../../core/number-to-words";
import { lineFromStock } from "../document/document-lines";
import type { PrintableDocument } from "../document/document-print-html";
import { receiptHtml, receiptOf, type ReceiptLabels } from "./receipt";

const labels: ReceiptLabels = {
  number: "No.",
  provisional: "Provisional",
  date: "Date",
  customer: "Customer",
  total: "Total",
  discount: "Discount",
  net: "Net",
  paid: "Paid",
  change: "Change",
  remaining: "Remaining",
  thanks: "Thanks",
};

const line = {
  ...lineFromStock({ id: 1, sale_price: "12500", item: { id: 1, name: "Rice <5kg>", barcode: "1", item_type: 1 } }),
  quantity: "2",
};
const doc: PrintableDocument = {
  title: "Sale Invoice",
  number: "ERB-241",
  date: "02/12/2026",
  branchId: 1,
  header: { name: "Erbil shop", phone: "0750" },
  fields: [],
  lines: [line],
  totals: { total: "25000", discount: "0", net: "25000", paid: "25000", remaining: "0", status: "paid" },
  currencyCode: "IQD",
};

describe("receiptOf", () => {
  it("lists each currency paid and the change, and the net in Kurdish words", () => {
    const receipt = receiptOf(doc, {
      payments: [
        { currency: "USD", amount: "10" },
        { currency: "IQD", amount: "15000" },
      ],
      change: { currency: "IQD", amount: "3000" },
    });
    expect(receipt.payments).toEqual([
      { currency: "USD", amount: "10.00" },
      { currency: "IQD", amount: "15,000.00" },
    ]);
    expect(receipt.change).toEqual({ currency: "IQD", amount: "3,000.00" });
    expect(receipt.words).toBe(amountInWords("25000", "IQD"));
    expect(receipt.lines).toEqual([{ name: "Rice <5kg>", quantity: "2", price: "12,500.00", total: "25,000.00" }]);
  });
  it("without payments shows the paid amount in the sale's currency, and no change of zero", () => {
    const receipt = receiptOf(doc, { change: { currency: "IQD", amount: "0" } });
    expect(receipt.payments).toEqual([{ currency: "IQD", amount: "25,000.00" }]);
    expect(receipt.change).toBeNull();
  });
});

describe("receiptHtml", () => {
  const html = (paper: 80 | 58, provisional = false) =>
    receiptHtml(receiptOf(doc, { provisional }), labels, { paper, qrSvg: "<svg data-qr></svg>", dir: "rtl", lang: "ckb" });
  it("sets the page to the roll's width and prints the number, totals, words and QR code", () => {
    const page = html(80);
    expect(page).toContain("@page { size: 80mm 297mm; margin: 0; }");
    expect(page).toContain('dir="rtl"');
    expect(page).toContain("No.: ERB-241");
    expect(page).toContain("25,000.00 IQD");
    expect(page).toContain(amountInWords("25000", "IQD"));
    expect(page).toContain("<svg data-qr></svg>");
    expect(page).toContain("Rice &lt;5kg&gt;");
    expect(page).not.toContain("Provisional");
  });
  it("has a 58 mm page, and says when the number is provisional", () => {
    expect(html(58, true)).toContain("@page { size: 58mm 297mm; margin: 0; }");
    expect(html(58, true)).toContain("Provisional");
  });
});
