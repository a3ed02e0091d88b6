import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { money, quantity } from "./columns";
import { bookedRate, documentColumns } from "./document-columns";
import { cashbox, currency, inventory } from "./organisation";
import { item } from "./stock-master";
import { supplier } from "./partners";
import { stock } from "./stock";

export const purchase = pgTable(
  "purchase",
  {
    ...documentColumns(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => supplier.id),
    inventoryId: integer("inventory_id")
      .notNull()
      .references(() => inventory.id),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currency.id),
    /** Base-currency units per unit of the document currency, fixed when saved. */
    exchangeRate: bookedRate(),
    paymentType: text("payment_type").notNull(),
    cashboxId: integer("cashbox_id").references(() => cashbox.id),
    paidAmount: money("paid_amount").notNull().default("0"),
    /** What its returns took back, kept by the purchase return service in the return's transaction, so lists filter by what is owed. */
    returnedAmount: money("returned_amount").notNull().default("0"),
    discount: money("discount").notNull().default("0"),
    /** Sum of the lines, before the discount. */
    totalPrice: money("total_price").notNull(),
    /** The supplier's own invoice number. */
    supplierInvoiceNo: text("supplier_invoice_no").notNull().default(""),
  },
  (t) => [index("purchase_branch_idx").on(t.branchId, t.inputDate), index("purchase_supplier_idx").on(t.supplierId)],
);

export const purchaseItem = pgTable(
  "purchase_item",
  {
    id: serial("id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchase.id, { onDelete: "cascade" }),
    itemId: integer("item_id")
      .notNull()
      .references(() => item.id),
    stockId: integer("stock_id")
      .notNull()
      .references(() => stock.id),
    quantity: quantity("quantity").notNull(),
    purchasePrice: money("purchase_price").notNull(),
    salePrice: money("sale_price").notNull(),
    batchNumber: text("batch_number").notNull().default(""),
    expireDate: text("expire_date"),
    totalPrice: money("total_price").notNull(),
  },
  (t) => [index("purchase_item_purchase_idx").on(t.purchaseId)],
);

export const purchaseReturn = pgTable(
  "purchase_return",
  {
    ...documentColumns(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchase.id),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => supplier.id),
    inventoryId: integer("inventory_id")
      .notNull()
      .references(() => inventory.id),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currency.id),
    exchangeRate: bookedRate(),
    totalPrice: money("total_price").notNull(),
    /** What the return gives back of what its invoice took: cash from or into this cashbox... */
    refundCashboxId: integer("refund_cashbox_id").references(() => cashbox.id),
    refundAmount: money("refund_amount").notNull().default("0"),
    /** ...and a credit note a later invoice of the same party may use (open: this less its uses). */
    creditNoteAmount: money("credit_note_amount").notNull().default("0"),
  },
  (t) => [index("purchase_return_purchase_idx").on(t.purchaseId), index("purchase_return_branch_idx").on(t.branchId, t.inputDate)],
);

export const purchaseReturnItem = pgTable("purchase_return_item", {
  id: serial("id").primaryKey(),
  purchaseReturnId: integer("purchase_return_id")
    .notNull()
    .references(() => purchaseReturn.id, { onDelete: "cascade" }),
  stockId: integer("stock_id")
    .notNull()
    .references(() => stock.id),
  itemId: integer("item_id")
    .notNull()
    .references(() => item.id),
  quantity: quantity("quantity").notNull(),
  price: money("price").notNull(),
  totalPrice: money("total_price").notNull(),
});
