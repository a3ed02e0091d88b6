import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { money } from "./columns";

/**
 * The use of a credit note (a sale or purchase return's credit_note_amount) by a later invoice of the
 * same party, written in the invoice's transaction; a note's open amount is its amount less its uses.
 */
export const creditNoteUse = pgTable(
  "credit_note_use",
  {
    id: serial("id").primaryKey(),
    /** "sale_return" (a customer's note) or "purchase_return" (a supplier's). */
    returnType: text("return_type").notNull(),
    returnId: integer("return_id").notNull(),
    /** The invoice that used it: "sale" or "purchase". */
    documentType: text("document_type").notNull(),
    documentId: integer("document_id").notNull(),
    amount: money("amount").notNull(),
  },
  (t) => [
    index("credit_note_use_return_idx").on(t.returnType, t.returnId),
    index("credit_note_use_document_idx").on(t.documentType, t.documentId),
  ],
);
