import { formatDocumentNumber } from "../../../core/document-number";
import { describe, expect, it } from "vitest";
import { buildCsv, exportFileName } from "../export/table-export";
import {
  sideAmount,
  statementDocumentPath,
  statementFileName,
  statementMoney,
  statementQuery,
  statementTextTable,
  type AccountStatementAnswer,
} from "./statement-rows";

const labels = {
  date: "Date",
  document: "Document",
  number: "Number",
  note: "Note",
  debit: "Debit",
  credit: "Credit",
  balance: "Balance",
  opening: "Opening balance",
  closing: "Closing balance",
};

const answer: AccountStatementAnswer = {
  opening_balance: "1000.00",
  rows: [
    {
      date: "2026-11-02",
      document_type: "sale",
      document_id: 7,
      document_no: 12,
      note: "",
      debit: "2500.00",
      credit: "0.00",
      balance: "3500.00",
    },
    {
      date: "2026-11-05",
      document_type: "receipt",
      document_id: 3,
      document_no: 4,
      note: "reversal",
      debit: "0.00",
      credit: "500.5",
      balance: "3000.00",
    },
  ],
  closing_balance: "3000.00",
};

describe("account statement rows", () => {
  it("formats money with separators and leaves the untouched side blank", () => {
    expect(statementMoney("1234567.5")).toBe("1,234,567.50");
    expect(statementMoney("-20")).toBe("-20.00");
    expect(statementMoney(null)).toBe("");
    expect(sideAmount("0.00")).toBe("");
    expect(sideAmount("12")).toBe("12.00");
  });

  it("links each document type to its view route, and nothing else", () => {
    expect(statementDocumentPath("sale", 7)).toBe("/sale/sale/7/view");
    expect(statementDocumentPath("receipt", 3)).toBe("/accounting/receipt/3/view");
    expect(statementDocumentPath("cashbox_transfer", 9)).toBe("/accounting/cashbox/transfer/9/view");
    expect(statementDocumentPath("purchase_return", 2)).toBe("/purchase/purchase-return/2/view");
    expect(statementDocumentPath("cashbox_money_conversion", 4)).toBe("/accounting/cashbox/money-conversion/4/view");
    expect(statementDocumentPath("customer_debit_invoice", 5)).toBe("/accounting/customer-debit-invoice/5/view");
    expect(statementDocumentPath("capital", 1)).toBe("/accounting/capital/1/view");
    expect(statementDocumentPath("stock_opening", 1)).toBeNull();
    expect(statementDocumentPath("sale", null)).toBeNull();
  });

  it("builds the opening line, one line per entry and the closing line, translated", () => {
    const table = statementTextTable(
      answer,
      labels,
      (type) => ({ sale: "Sale", receipt: "Receipt" })[type] ?? type,
      (note) => (note === "reversal" ? "Reversal" : note),
    );
    expect(table.head).toEqual(["Date", "Document", "Number", "Note", "Debit", "Credit", "Balance"]);
    expect(table.rows).toEqual([
      ["", "Opening balance", "", "", "", "", "1,000.00"],
      ["02/11/2026", "Sale", "12", "", "2,500.00", "", "3,500.00"],
      ["05/11/2026", "Receipt", "4", "Reversal", "", "500.50", "3,000.00"],
      ["", "Closing balance", "", "", "", "", "3,000.00"],
    ]);
  });

  it("reads each number with its branch's short code (ERB-12), a branch without one keeps the bare number", () => {
    const codes = new Map([[1, "ERB"]]);
    const rows = answer.rows.map((r, i) => ({ ...r, branch: i === 0 ? 1 : 2 }));
    const table = statementTextTable(
      { ...answer, rows },
      labels,
      (x) => x,
      undefined,
      (branch, number) => formatDocumentNumber(typeof branch === "number" ? codes.get(branch) : null, number),
    );
    expect(table.rows.map((r) => r[2])).toEqual(["", "ERB-12", "4", ""]);
  });

  it("exports as UTF-8 CSV with a BOM, quoting amounts with separators, Arabic kept as is", () => {
    const table = statementTextTable(
      { opening_balance: "0", rows: [], closing_balance: "1500" },
      { ...labels, closing: "الرصيد الختامي" },
      (x) => x,
    );
    const csv = buildCsv(table.head, table.rows);
    expect(csv.startsWith("\uFEFFDate,Document,")).toBe(true);
    expect(csv).toContain('\r\n,الرصيد الختامي,,,,,"1,500.00"\r\n');
  });

  it("asks nothing until an account and a currency are chosen; dates only with a range", () => {
    expect(statementQuery("customer", null, 1, null)).toBeNull();
    expect(statementQuery("cashbox", 4, null, null)).toBeNull();
    expect(statementQuery("supplier", 5, 2, null)).toEqual({ supplier: "5", currency: "2" });
    expect(statementQuery("customer", 5, 1, { start: "2026-11-01", end: "2026-11-24" })).toEqual({
      customer: "5",
      currency: "1",
      start_date: "2026-11-01",
      end_date: "2026-11-24",
    });
  });

  it("names the file without characters file systems refuse", () => {
    const name = statementFileName("Customer Account Statement A/B: C", { start: "2026-11-01", end: "2026-11-24" });
    expect(exportFileName(name, "csv")).toBe("Customer Account Statement A B C-2026-11-01-2026-11-24.csv");
    expect(exportFileName(statementFileName("  ", null), "xlsx")).toBe("statement.xlsx");
  });
});
