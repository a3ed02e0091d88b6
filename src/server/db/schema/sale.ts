import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, smallint, text } from "drizzle-orm/pg-core";
import { lineOf, money, quantity, rate, refersTo, tombstone } from "./columns";
import { bookedCurrency, documentColumns, formToken, returnSettlement } from "./document-columns";
import { cashbox, currency, inventory } from "./organisation";
import { item } from "./stock-master";
import { customer } from "./partners";
import { stock } from "./stock";

export const sale = pgTable(
  "sale",
  {
    ...documentColumns(),
    customerId: refersTo("customer_id", () => customer.id),
    inventoryId: refersTo("inventory_id", () => inventory.id),
    ...bookedCurrency(),
    paymentType: text("payment_type").notNull(),
    cashboxId: integer("cashbox_id").references(() => cashbox.id),
    paidAmount: money("paid_amount").notNull().default("0"),
    /** What its returns took back, kept by the sale return service in the return's transaction, so lists filter by what is owed. */
    returnedAmount: money("returned_amount").notNull().default("0"),
    discount: money("discount").notNull().default("0"),
    /** Sum of the lines' totals, before the invoice discount. */
    totalPrice: money("total_price").notNull(),
    formToken: formToken(),
    isPremium: boolean("is_premium").notNull().default(false),
    monthsCount: smallint("months_count"),
    premiumReceiptAmount: money("premium_receipt_amount"),
    receiptFrequency: text("receipt_frequency"),
    nextReceiptDate: text("next_receipt_date"),
    guarantorName: text("guarantor_name").notNull().default(""),
    guarantorPhone: text("guarantor_phone").notNull().default(""),
    guarantorAddress: text("guarantor_address").notNull().default(""),
    /** A deleted sale stays as a tombstone so devices hear of it (DESIGN section 4). */
    ...tombstone,
  },
  (t) => [
    index("sale_branch_idx").on(t.branchId, t.inputDate),
    index("sale_customer_idx").on(t.customerId),
    // The pull's change stream reads only the tombstones, in (xact_id, sync_version) order.
    index("sale_tombstone_sync_idx")
      .on(t.xactId, t.syncVersion)
      .where(sql`deleted_at is not null`),
  ],
);

export const saleItem = pgTable(
  "sale_item",
  {
    id: serial("id").primaryKey(),
    saleId: lineOf("sale_id", () => sale.id),
    stockId: integer("stock_id").references(() => stock.id),
    itemId: refersTo("item_id", () => item.id),
    quantity: quantity("quantity").notNull(),
    price: money("price").notNull(),
    fee: money("fee").notNull().default("0"),
    discount: money("discount").notNull().default("0"),
    /** price + fee - discount, per unit. */
    netPrice: money("net_price").notNull(),
    totalPrice: money("total_price").notNull(),
    /** Unit cost in the base currency when sold: cost of goods sold. */
    costPrice: money("cost_price").notNull().default("0"),
    /** Added later through /sale/sale/:id/extra (material items only). */
    isExtra: boolean("is_extra").notNull().default(false),
    // Migration 0031 (custom SQL) adds invoice_discount, cost and profit: the line's figures as the sale
    // detail shows them, kept by triggers from the line and its sale; the application never writes them.
  },
  (t) => [index("sale_item_sale_idx").on(t.saleId)],
);

/**
 * A sale's counter payment in several currencies: the money each cashbox took, in its own currency, and
 * the change one gave back; `value` is its worth in the sale's currency at the sale's rate. A sale paid
 * the old way (one cashbox, paid_amount) has no rows here.
 */
export const salePayment = pgTable(
  "sale_payment",
  {
    id: serial("id").primaryKey(),
    saleId: lineOf("sale_id", () => sale.id),
    cashboxId: refersTo("cashbox_id", () => cashbox.id),
    currencyId: refersTo("currency_id", () => currency.id),
    exchangeRate: rate("exchange_rate").notNull(),
    amount: money("amount").notNull(),
    value: money("value").notNull(),
    isChange: boolean("is_change").notNull().default(false),
  },
  (t) => [index("sale_payment_sale_idx").on(t.saleId)],
);

export const saleReturn = pgTable(
  "sale_return",
  {
    ...documentColumns(),
    saleId: refersTo("sale_id", () => sale.id),
    customerId: refersTo("customer_id", () => customer.id),
    inventoryId: refersTo("inventory_id", () => inventory.id),
    ...bookedCurrency(),
    totalPrice: money("total_price").notNull(),
    ...returnSettlement(),
  },
  (t) => [index("sale_return_sale_idx").on(t.saleId), index("sale_return_branch_idx").on(t.branchId, t.inputDate)],
);

export const saleReturnItem = pgTable("sale_return_item", {
  id: serial("id").primaryKey(),
  saleReturnId: lineOf("sale_return_id", () => saleReturn.id),
  stockId: integer("stock_id").references(() => stock.id),
  itemId: refersTo("item_id", () => item.id),
  quantity: quantity("quantity").notNull(),
  price: money("price").notNull(),
  totalPrice: money("total_price").notNull(),
  costPrice: money("cost_price").notNull().default("0"),
});

export const saleQuotation = pgTable(
  "sale_quotation",
  {
    ...documentColumns(),
    customerId: refersTo("customer_id", () => customer.id),
    inventoryId: refersTo("inventory_id", () => inventory.id),
    ...bookedCurrency(),
    discount: money("discount").notNull().default("0"),
    totalPrice: money("total_price").notNull(),
    convertedSaleId: integer("converted_sale_id").references(() => sale.id),
  },
  (t) => [index("sale_quotation_branch_idx").on(t.branchId, t.inputDate)],
);

export const saleQuotationItem = pgTable("sale_quotation_item", {
  id: serial("id").primaryKey(),
  saleQuotationId: lineOf("sale_quotation_id", () => saleQuotation.id),
  stockId: integer("stock_id").references(() => stock.id),
  itemId: refersTo("item_id", () => item.id),
  quantity: quantity("quantity").notNull(),
  price: money("price").notNull(),
  totalPrice: money("total_price").notNull(),
});
