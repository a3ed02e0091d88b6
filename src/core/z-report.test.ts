import { describe, expect, it } from "vitest";
import { add, sum } from "./money";
import { buildZReport, zReportKind, type ZReportSourceRow } from "./z-report";

const row = (document_type: string, moneyIn: string, moneyOut: string, documentsIn = 1, documentsOut = 0): ZReportSourceRow => ({
  document_type,
  documents: Math.max(documentsIn, documentsOut),
  documents_in: documentsIn,
  money_in: moneyIn,
  documents_out: documentsOut,
  money_out: moneyOut,
});

describe("the Z report's grouping", () => {
  it("names a kind per document type, and per direction for sales and transfers", () => {
    expect(zReportKind("sale", "in")).toBe("sales");
    expect(zReportKind("sale", "out")).toBe("change");
    expect(zReportKind("cashbox_transfer", "in")).toBe("transfers_in");
    expect(zReportKind("cashbox_transfer", "out")).toBe("transfers_out");
    expect(zReportKind("sale_return", "out")).toBe("refunds");
    expect(zReportKind("payroll", "out")).toBe("salaries");
    expect(zReportKind("salary_advance", "out")).toBe("salaries");
    expect(zReportKind("something_new", "in")).toBe("other");
  });

  it("totals the kinds in print order, and opening + movements is the expected balance", () => {
    const report = buildZReport(
      "100.00",
      [
        row("expense", "0", "12.25", 0, 1),
        row("sale", "250.50", "4.50", 3, 1),
        row("receipt", "40", "0"),
        row("sale_return", "0", "30", 0, 1),
        row("cashbox_transfer", "10", "20", 1, 1),
        row("year_close", "0.01", "0"),
      ],
      "333.00",
    );
    expect(report.lines.map((l) => [l.kind, l.documents, l.money_in, l.money_out, l.net])).toEqual([
      ["sales", 3, "250.50", "0.00", "250.50"],
      ["change", 1, "0.00", "4.50", "-4.50"],
      ["refunds", 1, "0.00", "30.00", "-30.00"],
      ["receipts", 1, "40.00", "0.00", "40.00"],
      ["expenses", 1, "0.00", "12.25", "-12.25"],
      ["transfers_in", 1, "10.00", "0.00", "10.00"],
      ["transfers_out", 1, "0.00", "20.00", "-20.00"],
      ["other", 1, "0.01", "0.00", "0.01"],
    ]);
    expect(report.movements).toBe("233.76");
    expect(report.expected).toBe("333.76");
    expect(add(report.opening, sum(report.lines.map((l) => l.net))).toFixed(2)).toBe(report.expected);
    expect(report.counted).toBe("333.00");
    expect(report.difference).toBe("-0.76");
  });

  it("merges document types of one kind and leaves out kinds that moved nothing", () => {
    const report = buildZReport(
      "0",
      [row("payroll", "0", "5", 0, 1), row("salary_advance", "0", "7", 0, 2), row("sale", "0", "0", 0, 0)],
      "-12",
    );
    expect(report.lines).toEqual([{ kind: "salaries", documents: 3, money_in: "0.00", money_out: "12.00", net: "-12.00" }]);
    expect(report.expected).toBe("-12.00");
    expect(report.difference).toBe("0.00");
  });

  it("previews an open shift without a count", () => {
    const report = buildZReport("50", [], null);
    expect(report).toEqual({ opening: "50.00", lines: [], movements: "0.00", expected: "50.00", counted: null, difference: null });
  });
});
