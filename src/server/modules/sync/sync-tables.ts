import { sql, type SQL } from "drizzle-orm";
import { mediaUrlSql } from "../reference/media-keys";

/**
 * The reference tables devices cache (DESIGN section 4), by their snake_case sync name. `scope` limits
 * branch-bound tables to the caller's branches; `extra` adds derived fields to the row (field name ->
 * SQL expression over the row `t`).
 */
export interface SyncTable {
  name: string;
  table: string;
  scope?: (branchIds: SQL) => SQL;
  extra?: (branchIds: SQL) => Record<string, SQL>;
  /** Columns of this table devices never read (each costs the server and the first load per row). */
  omit?: string[];
  /**
   * In the snapshot walk (a device's first load), this table's rows are not walked on their own: they
   * travel with their parent row, on its page (`column` holds the parent's id).
   */
  ridesWith?: { name: string; column: string };
  /**
   * Devices keep none of this table's rows, only copies of some they viewed (sales): the pull sends
   * its deletes alone, in the change stream; the snapshot walk skips it.
   */
  tombstonesOnly?: boolean;
}

/** Columns never sent to devices: sync bookkeeping and who wrote the row. */
export const HIDDEN_COLUMNS = ["xact_id", "sync_version", "created_by"];

/** Stamps no device reads: left out of the tables with a row per item (see `omit`). */
const STAMPS = ["created_at", "updated_at"];

export const SYNC_TABLES: SyncTable[] = [
  { name: "currency", table: "currency" },
  { name: "exchange_rate", table: "exchange_rate" },
  { name: "setting", table: "setting" },
  { name: "measurement", table: "measurement" },
  { name: "item_group", table: "item_group" },
  { name: "item_subgroup", table: "item_subgroup" },
  { name: "city", table: "city" },
  {
    name: "item",
    table: "item",
    extra: () => ({ image: mediaUrlSql(sql`t.image_media_id`) }),
    // The device shows `image`; edits (and their stamps) are online only.
    omit: ["image_media_id", ...STAMPS],
  },
  { name: "partner", table: "partner" },
  { name: "customer", table: "customer", scope: (ids) => sql`t.branch_id = any(${ids})` },
  {
    name: "supplier",
    table: "supplier",
    scope: (ids) => sql`exists (select 1 from supplier_branch sb where sb.supplier_id = t.id and sb.branch_id = any(${ids}))`,
    extra: (ids) => ({
      branches: sql`(select coalesce(json_agg(sb.branch_id order by sb.branch_id), '[]'::json) from supplier_branch sb where sb.supplier_id = t.id and sb.branch_id = any(${ids}))`,
    }),
  },
  { name: "cashbox", table: "cashbox", scope: (ids) => sql`t.branch_id = any(${ids})` },
  // As many stock rows as items: the device reads quantities, prices and identity, not the stamps. It
  // keeps an item's stock rows in the item's record, so the first load sends them with their item.
  {
    name: "stock",
    table: "stock",
    scope: (ids) => sql`t.branch_id = any(${ids})`,
    omit: STAMPS,
    ridesWith: { name: "item", column: "item_id" },
  },
  { name: "damaged_stock_type", table: "damaged_stock_type" },
  // A deleted sale: the device drops what it kept of it (its viewed copy); sale rows are not cached.
  { name: "sale", table: "sale", scope: (ids) => sql`t.branch_id = any(${ids})`, tombstonesOnly: true },
  {
    name: "print_info",
    table: "print_info",
    scope: (ids) => sql`t.branch_id = any(${ids})`,
    extra: () => ({ logo: mediaUrlSql(sql`t.logo_media_id`) }),
  },
];
