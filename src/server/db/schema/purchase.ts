import { index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdBy, money, quantity, stamps } from "./columns";
import { branch, cashbox, currency, inventory } from "./organisation";
import { item } from "./stock-master";
import { supplier } from "./partners";
import { stock } from "./stock";

export const purchase = pgTable(
  "purchase",
  {
    id: serial("id").primaryKey(),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branch.id),
    invoiceNo: integer("invoice_no").notNull(),
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
    exchangeRate: numeric("exchange_rate", { precision: 18, scale: 6 }).notNull(),
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
    inputDate: text("input_date").notNull(),
    note: text("note").notNull().default(""),
    createdBy: createdBy(),
    ...stamps,
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
    id: serial("id").primaryKey(),
    branchId: integer("branch_id")
      .notNull()
      .references(() => branch.id),
    invoiceNo: integer("invoice_no").notNull(),
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
    exchangeRate: numeric("exchange_rate", { precision: 18, scale: 6 }).notNull(),
    totalPrice: money("total_price").notNull(),
    inputDate: text("input_date").notNull(),
    note: text("note").notNull().default(""),
    createdBy: createdBy(),
    ...stamps,
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
