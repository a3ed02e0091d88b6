import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { lineOf, money, quantity, rate, refersTo } from "./columns";
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
    openingBalanceId: lineOf("opening_balance_id", () => openingBalance.id),
    /** "cashbox", "customer" or "supplier": which of the three ids is set. */
    kind: text("kind").notNull(),
    cashboxId: integer("cashbox_id").references(() => cashbox.id),
    customerId: integer("customer_id").references(() => customer.id),
    supplierId: integer("supplier_id").references(() => supplier.id),
    currencyId: refersTo("currency_id", () => currency.id),
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
    openingBalanceId: lineOf("opening_balance_id", () => openingBalance.id),
    inventoryId: refersTo("inventory_id", () => inventory.id),
    itemId: refersTo("item_id", () => item.id),
    stockId: refersTo("stock_id", () => stock.id),
    batchNumber: text("batch_number").notNull().default(""),
    expireDate: text("expire_date"),
    quantity: quantity("quantity").notNull(),
    cost: money("cost").notNull(),
    totalCost: money("total_cost").notNull(),
  },
  (t) => [index("opening_balance_stock_doc_idx").on(t.openingBalanceId)],
);
