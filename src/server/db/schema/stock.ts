import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdBy, lineOf, money, quantity, refersTo, stamps, syncable } from "./columns";
import { documentColumns } from "./document-columns";
import { appUser } from "./auth";
import { branch, inventory } from "./organisation";
import { item } from "./stock-master";

/**
 * What an inventory holds of an item, per batch and expiry (DESIGN section 3). The quantity is
 * changed only through stock movements (src/server/modules/stock/stock-ledger.ts), never directly.
 */
export const stock = pgTable(
  "stock",
  {
    id: serial("id").primaryKey(),
    branchId: refersTo("branch_id", () => branch.id),
    inventoryId: refersTo("inventory_id", () => inventory.id),
    itemId: refersTo("item_id", () => item.id),
    batchNumber: text("batch_number").notNull().default(""),
    expireDate: text("expire_date"),
    quantity: quantity("quantity").notNull().default("0"),
    /** Unit cost in the base currency, the last purchase's (what cost of goods sold uses). */
    purchasePrice: money("purchase_price").notNull().default("0"),
    salePrice: money("sale_price").notNull().default("0"),
    ...stamps,
    ...syncable,
  },
  (t) => [
    uniqueIndex("stock_identity_uq").on(t.inventoryId, t.itemId, t.batchNumber, sql`coalesce(${t.expireDate}, '')`),
    index("stock_item_idx").on(t.itemId),
    index("stock_branch_idx").on(t.branchId),
    index("stock_sync_idx").on(t.xactId, t.syncVersion),
  ],
);

/** Every change of a stock row, pointing at the document line that made it. */
export const stockMovement = pgTable(
  "stock_movement",
  {
    id: serial("id").primaryKey(),
    branchId: refersTo("branch_id", () => branch.id),
    inventoryId: refersTo("inventory_id", () => inventory.id),
    stockId: refersTo("stock_id", () => stock.id),
    itemId: refersTo("item_id", () => item.id),
    /** Signed change: + in, - out. */
    quantity: quantity("quantity").notNull(),
    balanceAfter: quantity("balance_after").notNull(),
    documentType: text("document_type").notNull(),
    documentId: integer("document_id").notNull(),
    createdBy: createdBy(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_movement_stock_idx").on(t.stockId, t.id),
    index("stock_movement_document_idx").on(t.documentType, t.documentId),
    index("stock_movement_item_idx").on(t.itemId, t.createdAt),
  ],
);

export const damagedStockType = pgTable("damaged_stock_type", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdBy: createdBy(),
  ...stamps,
  ...syncable,
});

export const inventoryStockTransfer = pgTable(
  "inventory_stock_transfer",
  {
    ...documentColumns(),
    fromInventoryId: refersTo("from_inventory_id", () => inventory.id),
    toInventoryId: refersTo("to_inventory_id", () => inventory.id),
    approved: boolean("approved").notNull().default(false),
    approvedBy: integer("approved_by").references(() => appUser.id),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
  },
  (t) => [index("transfer_branch_idx").on(t.branchId, t.inputDate)],
);

export const inventoryStockTransferItem = pgTable("inventory_stock_transfer_item", {
  id: serial("id").primaryKey(),
  transferId: lineOf("transfer_id", () => inventoryStockTransfer.id),
  stockId: refersTo("stock_id", () => stock.id),
  itemId: refersTo("item_id", () => item.id),
  quantity: quantity("quantity").notNull(),
});

export const damagedStock = pgTable(
  "damaged_stock",
  {
    ...documentColumns(),
    inventoryId: refersTo("inventory_id", () => inventory.id),
    damagedStockTypeId: refersTo("damaged_stock_type_id", () => damagedStockType.id),
  },
  (t) => [index("damaged_stock_branch_idx").on(t.branchId, t.inputDate)],
);

export const damagedStockItem = pgTable("damaged_stock_item", {
  id: serial("id").primaryKey(),
  damagedStockId: lineOf("damaged_stock_id", () => damagedStock.id),
  stockId: refersTo("stock_id", () => stock.id),
  itemId: refersTo("item_id", () => item.id),
  quantity: quantity("quantity").notNull(),
  /** Unit cost in the base currency at the time: the loss. */
  purchasePrice: money("purchase_price").notNull(),
});
