import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { money, quantity, rate } from "./columns";
import { documentColumns, formToken } from "./document-columns";
import { cashbox, currency, inventory } from "./organisation";
import { customer, supplier } from "./partners";
import { item } from "./stock-master";
import { stock } from "./stock";

/**
 * The opening balance of a branch: what its cashboxes held, what each customer owed and each supplier was
 * owed, and the stock it held, on the day the business starts on the product. One per branch; it posts
 * against opening balance equity (src/core/opening-balance.ts) and is the only way stock enters without a
 * purchase.
 */
export const openingBalance = pgTable(
  "opening_balance",
  {
    ...documentColumns(),
    formToken: formToken(),
  },
  (t) => [uniqueIndex("opening_balance_branch_uq").on(t.branchId)],
);

/** Money lines: a cashbox's amount (its own currency), or a customer's or supplier's balance in a currency. */
export const openingBalanceMoney = pgTable(
  "opening_balance_money",
  {
    id: serial("id").primaryKey(),
    openingBalanceId: integer("opening_balance_id")
      .notNull()
      .references(() => openingBalance.id, { onDelete: "cascade" }),
    /** "cashbox", "customer" or "supplier": which of the three ids is set. */
    kind: text("kind").notNull(),
    cashboxId: integer("cashbox_id").references(() => cashbox.id),
    customerId: integer("customer_id").references(() => customer.id),
    supplierId: integer("supplier_id").references(() => supplier.id),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currency.id),
    exchangeRate: rate("exchange_rate").notNull(),
    amount: money("amount").notNull(),
  },
  (t) => [index("opening_balance_money_doc_idx").on(t.openingBalanceId)],
);

/** Stock lines: a batch of an item in an inventory at a unit cost in the base currency. */
export const openingBalanceStock = pgTable(
  "opening_balance_stock",
  {
    id: serial("id").primaryKey(),
    openingBalanceId: integer("opening_balance_id")
      .notNull()
      .references(() => openingBalance.id, { onDelete: "cascade" }),
    inventoryId: integer("inventory_id")
      .notNull()
      .references(() => inventory.id),
    itemId: integer("item_id")
      .notNull()
      .references(() => item.id),
    stockId: integer("stock_id")
      .notNull()
      .references(() => stock.id),
    batchNumber: text("batch_number").notNull().default(""),
    expireDate: text("expire_date"),
    quantity: quantity("quantity").notNull(),
    cost: money("cost").notNull(),
    totalCost: money("total_cost").notNull(),
  },
  (t) => [index("opening_balance_stock_doc_idx").on(t.openingBalanceId)],
);
