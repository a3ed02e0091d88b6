import { integer, serial, text } from "drizzle-orm/pg-core";
import { createdBy, rate, stamps } from "./columns";
import { branch } from "./organisation";

// Apart from columns.ts because these reference the branch table, and organisation.ts itself uses columns.ts.

/**
 * The columns every document table starts with (a sale, a receipt, a transfer, a pay run...): its branch,
 * its number within the branch (`invoice_no`, answered as receipt_no, payment_no... where SPEC says so), the
 * day it is dated, a note, who keyed it and the stamps.
 */
export const documentColumns = () => ({
  id: serial("id").primaryKey(),
  branchId: integer("branch_id")
    .notNull()
    .references(() => branch.id),
  invoiceNo: integer("invoice_no").notNull(),
  inputDate: text("input_date").notNull(),
  note: text("note").notNull().default(""),
  createdBy: createdBy(),
  ...stamps,
});

/** The rate a document in a currency is booked at (`exchange_rate`: base-currency units per unit of it). */
export const bookedRate = () => rate("exchange_rate").notNull();

/** The form_token a document keyed on a device was created with, so the device can match its provisional record. */
export const formToken = () => text("form_token");
