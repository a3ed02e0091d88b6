import { sql } from "drizzle-orm";
import { insertFromJson, intArray, queryRows, type Executor, type Tx } from "../../db/client";
import { city, customer, item, itemGroup, itemSubgroup, measurement, supplier, supplierBranch } from "../../db/tables";

/** Names are matched as people type them: case and surrounding spaces aside. */
export const nameKey = (name: string) => name.trim().toLowerCase();

export interface NamedRow {
  id: number;
  name: string;
}

export interface SubgroupRow extends NamedRow {
  item_group_id: number;
}

export interface ExistingItem {
  id: number;
  code: string;
  barcode: string;
  name: string;
  item_group_id: number | null;
  item_subgroup_id: number | null;
  measurement_id: number | null;
  item_type: number;
  purchase_price: string;
  sale_price: string;
  min_quantity: string;
  is_active: boolean;
}

export interface ExistingCustomer {
  id: number;
  name: string;
  phone: string;
  address: string;
  city_id: number | null;
  branch_id: number;
  /** The base-currency credit limit as numeric text ("500.00"), null for none. */
  credit_limit: string | null;
}

export interface ExistingSupplier {
  id: number;
  name: string;
  phone: string;
  address: string;
  branch_ids: number[];
}

export const liveNames = (ex: Executor, table: "item_group" | "measurement" | "city") =>
  queryRows<NamedRow>(ex, sql`select id, name from ${sql.identifier(table)} where deleted_at is null order by id`);

export const liveSubgroups = (ex: Executor) =>
  queryRows<SubgroupRow>(ex, sql`select id, name, item_group_id from item_subgroup where deleted_at is null order by id`);

export const branchesOf = (ex: Executor, ids: readonly number[]) =>
  queryRows<NamedRow>(ex, sql`select id, name from branch where deleted_at is null and id = any(${intArray(ids)}) order by id`);

const textArray = (values: readonly string[]) => sql`${JSON.stringify(values)}::jsonb`;

/** The live items a file's rows may be: by code, by barcode, or (a row with neither) by name. */
export function itemsMatching(ex: Executor, codes: string[], barcodes: string[], names: string[]) {
  return queryRows<ExistingItem>(
    ex,
    sql`select id, code, barcode, name, item_group_id, item_subgroup_id, measurement_id, item_type,
          purchase_price::text as purchase_price, sale_price::text as sale_price, min_quantity::text as min_quantity, is_active
        from item
        where deleted_at is null and (
          code in (select jsonb_array_elements_text(${textArray(codes)}))
          or barcode in (select jsonb_array_elements_text(${textArray(barcodes)}))
          or lower(name) in (select jsonb_array_elements_text(${textArray(names)})))
        order by id`,
  );
}

export function customersMatching(ex: Executor, branchIds: readonly number[], names: string[]) {
  return queryRows<ExistingCustomer>(
    ex,
    sql`select id, name, phone, address, city_id, branch_id, credit_limit::text as credit_limit from customer
        where deleted_at is null and branch_id = any(${intArray(branchIds)})
          and lower(btrim(name)) in (select jsonb_array_elements_text(${textArray(names)}))
        order by id`,
  );
}

export function suppliersMatching(ex: Executor, names: string[]) {
  return queryRows<ExistingSupplier>(
    ex,
    sql`select s.id, s.name, s.phone, s.address,
          array(select sb.branch_id from supplier_branch sb where sb.supplier_id = s.id order by 1) as branch_ids
        from supplier s
        where s.deleted_at is null and lower(btrim(s.name)) in (select jsonb_array_elements_text(${textArray(names)}))
        order by s.id`,
  );
}

/** Creates the named rows (groups, measurements, cities) and answers their ids by name key. */
export async function createNamed(tx: Tx, table: "item_group" | "measurement" | "city", names: string[], userId: number) {
  const target = { item_group: itemGroup, measurement, city }[table];
  if (names.length === 0) return new Map<string, number>();
  const rows = await queryRows<NamedRow>(
    tx,
    sql`${insertFromJson(
      target,
      names.map((name) => ({ name, createdBy: userId })),
    )} returning id, name`,
  );
  return new Map(rows.map((row) => [nameKey(row.name), row.id]));
}

export async function createSubgroups(tx: Tx, subgroups: { name: string; itemGroupId: number }[], userId: number) {
  if (subgroups.length === 0) return [];
  return queryRows<SubgroupRow>(
    tx,
    sql`${insertFromJson(
      itemSubgroup,
      subgroups.map((s) => ({ ...s, createdBy: userId })),
    )} returning id, name, item_group_id`,
  );
}

export const nextItemIds = (tx: Tx, count: number) =>
  queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('item', 'id'))::int as id from generate_series(1, ${count})`);

export type ItemColumns = Omit<typeof item.$inferInsert, "createdAt" | "updatedAt" | "deletedAt" | "syncVersion" | "xactId">;

export async function insertItems(tx: Tx, rows: ItemColumns[]) {
  if (rows.length) await tx.execute(insertFromJson(item, rows));
}

/** Updates items from one JSON parameter, each with a fresh change version so devices pull it. */
export async function updateItems(tx: Tx, rows: ExistingItem[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`update item i set code = x.code, barcode = x.barcode, name = x.name, item_group_id = x.item_group_id,
      item_subgroup_id = x.item_subgroup_id, measurement_id = x.measurement_id, item_type = x.item_type,
      purchase_price = x.purchase_price, sale_price = x.sale_price, min_quantity = x.min_quantity, is_active = x.is_active,
      updated_at = now(), sync_version = nextval('sync_version_seq'), xact_id = pg_current_xact_id()
    from jsonb_populate_recordset(null::item, ${JSON.stringify(rows)}::jsonb) x where i.id = x.id`);
}

export async function insertCustomers(tx: Tx, rows: (typeof customer.$inferInsert)[]) {
  if (rows.length) await tx.execute(insertFromJson(customer, rows));
}

export async function updateCustomers(tx: Tx, rows: ExistingCustomer[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`update customer c set name = x.name, phone = x.phone, address = x.address, city_id = x.city_id,
      branch_id = x.branch_id, credit_limit = x.credit_limit, updated_at = now(), sync_version = nextval('sync_version_seq'), xact_id = pg_current_xact_id()
    from jsonb_populate_recordset(null::customer, ${JSON.stringify(rows)}::jsonb) x where c.id = x.id`);
}

export async function insertSuppliers(tx: Tx, rows: { name: string; phone: string; address: string; createdBy: number }[]) {
  if (rows.length === 0) return [];
  return queryRows<{ id: number }>(tx, sql`${insertFromJson(supplier, rows)} returning id`);
}

export async function updateSuppliers(tx: Tx, rows: ExistingSupplier[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`update supplier s set name = x.name, phone = x.phone, address = x.address,
      updated_at = now(), sync_version = nextval('sync_version_seq'), xact_id = pg_current_xact_id()
    from jsonb_populate_recordset(null::supplier, ${JSON.stringify(rows.map(({ branch_ids: _, ...row }) => row))}::jsonb) x
    where s.id = x.id`);
}

/** Sets the suppliers' links among the importing user's branches (links to other branches stay). */
export async function setSupplierBranches(tx: Tx, links: { supplierId: number; branchIds: number[] }[], visible: readonly number[]) {
  if (links.length === 0) return;
  await tx.execute(
    sql`delete from supplier_branch where supplier_id = any(${intArray(links.map((l) => l.supplierId))}) and branch_id = any(${intArray(visible)})`,
  );
  const rows = links.flatMap(({ supplierId, branchIds }) => branchIds.map((branchId) => ({ supplierId, branchId })));
  if (rows.length) await tx.execute(insertFromJson(supplierBranch, rows));
}
