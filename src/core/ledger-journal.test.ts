import { describe, expect, it } from "vitest";
import { journalAccountPath, journalCommodity, journalNamePart, journalTransaction, sameTransaction } from "./ledger-journal";

describe("ledger journal", () => {
  it("names an account by class, group and code with name, keeping out what the format reads as structure", () => {
    expect(journalAccountPath({ class: "asset", groupName: "Cash and cashboxes", code: "1100-0001", name: "Cashbox 1" })).toBe(
      "Assets:Cash and cashboxes:1100-0001 Cashbox 1",
    );
    expect(journalNamePart("(Main):  store;\tnote\n[x]")).toBe("Main store note x");
    expect(journalAccountPath({ class: "expense", groupName: "", code: "", name: "  " })).toBe("Expenses:group:account");
  });

  it("folds a document's lines per account, debits positive and credits negative, and leaves out what folds to nothing", () => {
    const text = journalTransaction({ date: "2026-11-05", documentType: "sale", documentId: 9, documentNo: 17, currency: "IQD" }, [
      { account: "Assets:Receivables:1200-0001 Aram", debit: "10000.00", credit: "0" },
      { account: "Income:Sales:4101 Sales revenue", debit: "0", credit: "10000.00" },
      { account: "Expenses:Cost of goods sold:5101 Cost of goods sold", debit: "6000", credit: "0" },
      { account: "Assets:Inventory:1301 Inventory", debit: "0", credit: "6000" },
      { account: "Assets:Inventory:1301 Inventory", debit: "6000", credit: "0" },
      { account: "Expenses:Cost of goods sold:5101 Cost of goods sold", debit: "0", credit: "6000" },
    ]);
    expect(text).toBe(
      [
        "2026-11-05 (17) sale 17",
        "    ; document: sale-9",
        "    Assets:Receivables:1200-0001 Aram  10000.00 IQD",
        "    Income:Sales:4101 Sales revenue    -10000.00 IQD",
        "",
      ].join("\n"),
    );
    expect(journalTransaction({ date: "2026-11-05", documentType: "sale", documentId: 9, documentNo: null, currency: "IQD" }, [])).toBe("");
  });

  it("quotes a commodity that is not letters only, and groups lines by date, document and currency", () => {
    expect(journalCommodity("USD")).toBe("USD");
    expect(journalCommodity("US$ 1")).toBe('"US$ 1"');
    const head = { date: "2026-11-05", documentType: "sale", documentId: 9, documentNo: 17, currency: "IQD" };
    expect(sameTransaction(head, { ...head })).toBe(true);
    expect(sameTransaction(head, { ...head, currency: "USD" })).toBe(false);
    expect(sameTransaction(head, { ...head, date: "2026-11-06" })).toBe(false);
  });
});
