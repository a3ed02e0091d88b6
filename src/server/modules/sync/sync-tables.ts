import { sql, type SQL } from "drizzle-orm";
import { COST_VIEW_CODES } from "../../../core/permissions";
import { allCodesOf, viewCodesOf } from "../../http/resource";
import { cashboxResource } from "../accounting/cashbox.resource";
import { customerResource } from "../partners/customer.resource";
import { partnerResource } from "../partners/partner.resource";
import { supplierResource } from "../partners/supplier.resource";
import { SALE_VIEW_CODES } from "../sale/sale.lists";
import { cityResource } from "../stock/city.resource";
import { damagedStockTypeResource } from "../stock/damaged-stock-type.resource";
import { itemGroupResource } from "../stock/item-group.resource";
import { itemResource } from "../stock/item.resource";
import { itemSubgroupResource } from "../stock/item-subgroup.resource";
import { measurementResource } from "../stock/measurement.resource";
import { STOCK_SEARCH_CODES } from "../stock/stock-search";
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
  /**
   * Who gets this table's rows: any one of these codes (a superuser always; none listed: every signed-in
   * user). The codes of the routes that read the same rows, taken from them, so the pull never shows a
   * user what the API refuses them (DESIGN section 7).
   */
  read: readonly string[];
  /** Columns sent only to users who may see what goods cost (COST_VIEW_CODES). */
  cost?: string[];
}

/** Columns never sent to devices: sync bookkeeping and who wrote the row. */
export const HIDDEN_COLUMNS = ["xact_id", "sync_version", "created_by"];

/** Stamps no device reads: left out of the tables with a row per item (see `omit`). */
const STAMPS = ["created_at", "updated_at"];

/** Codes that may see what goods cost, sent the cost columns (see `cost`). */
export const COST_CODES: readonly string[] = COST_VIEW_CODES;

/** Items: their list, and every form that picks stock (the counter finds items through their stock). */
const ITEM_READ = [...viewCodesOf(itemResource), ...STOCK_SEARCH_CODES];
const CUSTOMER_READ = allCodesOf(customerResource);
const SUPPLIER_READ = allCodesOf(supplierResource);

export const SYNC_TABLES: SyncTable[] = [
  // Read at start-up by every signed-in user (currency/all/, exchange-rate/latest/, setting/, print/all/).
  { name: "currency", table: "currency", read: [] },
  { name: "exchange_rate", table: "exchange_rate", read: [] },
  { name: "setting", table: "setting", read: [] },
  // Names of the items' (and partners') fields: to whoever may read the rows they name, or their own list.
  { name: "measurement", table: "measurement", read: [...allCodesOf(measurementResource), ...ITEM_READ] },
  { name: "item_group", table: "item_group", read: [...allCodesOf(itemGroupResource), ...ITEM_READ] },
  { name: "item_subgroup", table: "item_subgroup", read: [...allCodesOf(itemSubgroupResource), ...ITEM_READ] },
  { name: "city", table: "city", read: [...allCodesOf(cityResource), ...CUSTOMER_READ, ...SUPPLIER_READ] },
  {
    name: "item",
    table: "item",
    extra: () => ({ image: mediaUrlSql(sql`t.image_media_id`) }),
    // The device shows `image`; edits (and their stamps) are online only.
    omit: ["image_media_id", ...STAMPS],
    read: ITEM_READ,
    // The profit percentage with the sale price tells the purchase price.
    cost: ["purchase_price", "profit_percentage"],
  },
  { name: "partner", table: "partner", read: allCodesOf(partnerResource) },
  { name: "customer", table: "customer", scope: (ids) => sql`t.branch_id = any(${ids})`, read: CUSTOMER_READ },
  {
    name: "supplier",
    table: "supplier",
    read: SUPPLIER_READ,
    scope: (ids) => sql`exists (select 1 from supplier_branch sb where sb.supplier_id = t.id and sb.branch_id = any(${ids}))`,
    extra: (ids) => ({
      branches: sql`(select coalesce(json_agg(sb.branch_id order by sb.branch_id), '[]'::json) from supplier_branch sb where sb.supplier_id = t.id and sb.branch_id = any(${ids}))`,
    }),
  },
  // The list's code, not all/'s (open to every signed-in user, for the pickers online): a device copy
  // holds every cashbox of the branches, which only those who may list them get.
  { name: "cashbox", table: "cashbox", scope: (ids) => sql`t.branch_id = any(${ids})`, read: viewCodesOf(cashboxResource) },
  // As many stock rows as items: the device reads quantities, prices and identity, not the stamps. It
  // keeps an item's stock rows in the item's record, so the first load sends them with their item.
  {
    name: "stock",
    table: "stock",
    scope: (ids) => sql`t.branch_id = any(${ids})`,
    omit: STAMPS,
    ridesWith: { name: "item", column: "item_id" },
    // The codes of stock/all/ and stock/search/: the stock list and every form that picks stock rows.
    read: STOCK_SEARCH_CODES,
    cost: ["purchase_price"],
  },
  { name: "damaged_stock_type", table: "damaged_stock_type", read: allCodesOf(damagedStockTypeResource) },
  // A deleted sale: the device drops what it kept of it (its viewed copy); sale rows are not cached.
  { name: "sale", table: "sale", scope: (ids) => sql`t.branch_id = any(${ids})`, tombstonesOnly: true, read: SALE_VIEW_CODES },
  {
    name: "print_info",
    table: "print_info",
    scope: (ids) => sql`t.branch_id = any(${ids})`,
    extra: () => ({ logo: mediaUrlSql(sql`t.logo_media_id`) }),
    read: [],
  },
];
