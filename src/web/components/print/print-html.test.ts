import { describe, expect, it } from "vitest";
import { buildPrintHtml, buildTableBody, buildTableHead, escapeHtml } from "./print-html";

const branch = { name: "Main", description: "Wholesale", logoUrl: "data:image/jpeg;base64,AA", phone: "0750", address: "Erbil" };

describe("print html", () => {
  it("holds the branch header, the title and the table", () => {
    const html = buildPrintHtml({ branch, printedAt: "01/02/2025 10:00 AM", title: "Items", table: { head: ["Name"], rows: [["Rice"]] } });
    for (const part of [
      "Main",
      "Wholesale",
      "0750",
      "Erbil",
      "01/02/2025 10:00 AM",
      "Items",
      "<th>Name</th>",
      "<td>Rice</td>",
      "data:image/jpeg",
    ]) {
      expect(html).toContain(part);
    }
    expect(html).toContain("margin: 5mm 7mm");
    expect(html).toContain("font-size: 14px");
  });
  it("hides the header on request", () => {
    const html = buildPrintHtml({ branch, printedAt: "now", hideHeader: true, table: { head: ["A"], rows: [] } });
    expect(html).not.toContain("Wholesale");
    expect(html).toContain("<th>A</th>");
  });
  it("prints two copies with a dashed separator in A5", () => {
    const html = buildPrintHtml({ branch, printedAt: "now", a5: true, title: "Invoice" });
    expect(html.match(/class="a5-copy"/g)).toHaveLength(2);
    expect(html).toContain("copy-separator");
    expect(html).toContain("size: A5");
  });
  it("escapes cell text and keeps right-to-left direction", () => {
    expect(escapeHtml(`<b>"x"&'`)).toBe("&lt;b&gt;&quot;x&quot;&amp;&#39;");
    expect(buildTableBody([["<i>"]])).toBe("<tr><td>&lt;i&gt;</td></tr>");
    // Columns of figures align to the end, heads and cells alike; the others keep the text's start.
    const figures = new Set([1]);
    expect(buildTableHead(["Item", "Amount"], figures)).toBe(
      '<tr><th>Item</th><th style="text-align:end;white-space:nowrap">Amount</th></tr>',
    );
    expect(buildTableBody([["Tea", "1,250"]], figures)).toBe(
      '<tr><td>Tea</td><td style="text-align:end;white-space:nowrap">1,250</td></tr>',
    );
    expect(buildPrintHtml({ printedAt: "", dir: "rtl", lang: "ar" })).toContain('dir="rtl"');
  });
});
