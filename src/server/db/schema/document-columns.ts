import { integer, serial, text } from "drizzle-orm/pg-core";
import { createdBy, money, rate, refersTo, stamps } from "./columns";
import { branch, cashbox, currency } from "./organisation";

// Apart from columns.ts because these reference the branch table, and organisation.ts itself uses columns.ts.

/**
 * The columns every document table starts with (a sale, a receipt, a transfer, a pay run...): its branch,
 * its number within the branch (`invoice_no`, answered as receipt_no, payment_no... where SPEC says so), the
 * day it is dated, a note, who keyed it and the stamps.
 */
export const documentColumns = () => ({
  id: serial("id").primaryKey(),
  branchId: refersTo("branch_id", () => branch.id),
  invoiceNo: integer("invoice_no").notNull(),
  inputDate: text("input_date").notNull(),
  note: text("note").notNull().default(""),
  createdBy: createdBy(),
  ...stamps,
});

/** The rate a document in a currency is booked at (`exchange_rate`: base-currency units per unit of it). */
export const bookedRate = () => rate("exchange_rate").notNull();

/** A document's currency and the rate it is booked at. */
export const bookedCurrency = () => ({
  currencyId: refersTo("currency_id", () => currency.id),
  exchangeRate: bookedRate(),
});

/**
 * What a return gives back of what its invoice took: cash from or into a cashbox, and a credit note a
 * later invoice of the same party may use (open: this less its uses).
 */
export const returnSettlement = () => ({
  refundCashboxId: integer("refund_cashbox_id").references(() => cashbox.id),
  refundAmount: money("refund_amount").notNull().default("0"),
  creditNoteAmount: money("credit_note_amount").notNull().default("0"),
});

/** The form_token a document keyed on a device was created with, so the device can match its provisional record. */
export const formToken = () => text("form_token");
