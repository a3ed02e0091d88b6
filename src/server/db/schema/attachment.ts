import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { bytea, createdBy, stamps } from "./columns";
import { expense, payment } from "./accounting";
import { purchase } from "./purchase";

/**
 * A scan kept as evidence of a document: the supplier's invoice of a purchase, the receipt of an
 * expense or payment. Apart from `media` (item pictures, logos, served publicly): an attachment is
 * read only by those who may view its document, whose branch it takes. Exactly one document column
 * is set, so the attachment goes when its document is deleted.
 */
export const documentAttachment = pgTable(
  "document_attachment",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id").references(() => purchase.id, { onDelete: "cascade" }),
    expenseId: integer("expense_id").references(() => expense.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id").references(() => payment.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /** Read from the file's first bytes, never from its name or the client's header. */
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdBy: createdBy(),
    ...stamps,
  },
  (t) => [
    index("document_attachment_purchase_idx").on(t.purchaseId),
    index("document_attachment_expense_idx").on(t.expenseId),
    index("document_attachment_payment_idx").on(t.paymentId),
    check("document_attachment_one_document", sql`num_nonnulls(${t.purchaseId}, ${t.expenseId}, ${t.paymentId}) = 1`),
  ],
);
