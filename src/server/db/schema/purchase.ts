import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { lineOf, money, quantity, refersTo } from "./columns";
import { bookedCurrency, bookedRate, documentColumns, returnSettlement } from "./document-columns";
import { cashbox, currency, inventory } from "./organisation";
import { item } from "./stock-master";
import { supplier } from "./partners";
import { stock } from "./stock";

export const purchase = pgTable(
  "purchase",
  {
    ...documentColumns(),
    supplierId: refersTo("supplier_id", () => supplier.id),
    inventoryId: refersTo("inventory_id", () => inventory.id),
    currencyId: refersTo("currency_id", () => currency.id),
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
    purchaseId: lineOf("purchase_id", () => purchase.id),
    itemId: refersTo("item_id", () => item.id),
    stockId: refersTo("stock_id", () => stock.id),
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
    purchaseId: refersTo("purchase_id", () => purchase.id),
    supplierId: refersTo("supplier_id", () => supplier.id),
    inventoryId: refersTo("inventory_id", () => inventory.id),
    ...bookedCurrency(),
    totalPrice: money("total_price").notNull(),
    ...returnSettlement(),
  },
  (t) => [index("purchase_return_purchase_idx").on(t.purchaseId), index("purchase_return_branch_idx").on(t.branchId, t.inputDate)],
);

export const purchaseReturnItem = pgTable("purchase_return_item", {
  id: serial("id").primaryKey(),
  purchaseReturnId: lineOf("purchase_return_id", () => purchaseReturn.id),
  stockId: refersTo("stock_id", () => stock.id),
  itemId: refersTo("item_id", () => item.id),
  quantity: quantity("quantity").notNull(),
  price: money("price").notNull(),
  totalPrice: money("total_price").notNull(),
});
