import { describe, expect, it } from "vitest";
import { MESSAGES } from "../../../core/messages";
import { debitInvoiceRefusal } from "../../features/accounting/debit-invoice/debit-invoice-kind";
import {
  allocationTarget,
  creditNoteAmountsOf,
  creditNotesBody,
  MONEY_DOCUMENTS,
  pickedAllocations,
  pickedKey,
  usableCreditNotes,
} from "./money-document-kind";

describe("pickedAllocations", () => {
  it("sends the picked sales and debit invoices apart, amounts above zero only", () => {
    const picked = { [pickedKey("goods", 4)]: "100", [pickedKey("debit", 4)]: "25.50", [pickedKey("debit", 7)]: "0", "goods:9": "" };
    expect(pickedAllocations("receipt", true, picked)).toEqual({
      sales: [{ sale: 4, amount: "100" }],
      debit_invoices: [{ debit_invoice: 4, amount: "25.50" }],
    });
    expect(pickedAllocations("payment", true, { "debit:2": "5" })).toEqual({
      purchases: [],
      debit_invoices: [{ debit_invoice: 2, amount: "5" }],
    });
    expect(pickedAllocations("receipt", false, picked)).toEqual({});
  });

  it("an allocation of the answer opens its invoice and keys the same amount back", () => {
    const meta = MONEY_DOCUMENTS.receipt;
    const base = { invoice_no: 1, input_date: "2026-10-01", net_price: "1", paid_amount: "1", amount: "1" };
    expect(allocationTarget(meta, { ...base, debit_invoice: 3 })).toEqual({
      path: "/accounting/customer-debit-invoice/3/view",
      key: "debit:3",
    });
    expect(allocationTarget(meta, { ...base, sale: 8 })).toEqual({ path: "/sale/sale/8/view", key: "goods:8" });
  });
});

describe("credit notes on the form", () => {
  const used = { credit_note: 5, amount: "30", invoice_no: 2, input_date: "2026-09-01", note_amount: "100.00" };
  it("an edit offers the notes it used, with what it used back in their open amount, oldest first", () => {
    const open = [
      { id: 9, number: 4, date: "2026-10-01", amount: "50.00", open: "50.00" },
      { id: 5, number: 2, date: "2026-09-01", amount: "100.00", open: "20.00" },
    ];
    expect(usableCreditNotes(open, [used]).map((n) => [n.id, n.open])).toEqual([
      [5, "50.00"],
      [9, "50.00"],
    ]);
    // Used in full before: not in the open list, offered with what the document used.
    expect(usableCreditNotes([], [used])).toEqual([{ id: 5, number: 2, date: "2026-09-01", amount: "100.00", open: "30.00" }]);
  });

  it("sends the notes with an amount above zero, and loads a document's back", () => {
    expect(creditNotesBody({ "5": "30", "9": "0", "11": "" })).toEqual([{ credit_note: 5, amount: "30" }]);
    expect(creditNoteAmountsOf([used])).toEqual({ "5": "30" });
    expect(creditNoteAmountsOf(undefined)).toEqual({});
  });
});

describe("debitInvoiceRefusal", () => {
  it("says paid first, then settled in part, as the server refuses", () => {
    expect(debitInvoiceRefusal({ payment_status: "paid", paid_amount: "10.00" })).toBe(MESSAGES.paidCannotChange);
    expect(debitInvoiceRefusal({ payment_status: "partial_paid", paid_amount: "2.00" })).toBe(MESSAGES.linkedCannotChange);
    expect(debitInvoiceRefusal({ payment_status: "unpaid", paid_amount: "0.00" })).toBeNull();
  });
});
