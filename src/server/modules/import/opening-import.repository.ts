import { sql } from "drizzle-orm";
import { intArray, queryRows, type Executor } from "../../db/client";
import { nameKey } from "./import.repository";

/** What an opening import names, looked up by name (case and surrounding spaces aside), code or barcode. */
export interface NamedInBranch {
  id: number;
  name: string;
  branch_id: number;
}

const textArray = (values: readonly string[]) => sql`${JSON.stringify(values)}::jsonb`;
const keysOf = (names: Iterable<string>) => [...new Set([...names].map(nameKey))];

export const inventoriesNamed = (ex: Executor, branchIds: readonly number[], names: Iterable<string>) =>
  queryRows<NamedInBranch>(
    ex,
    sql`select id, name, branch_id from inventory where deleted_at is null and branch_id = any(${intArray(branchIds)})
          and lower(btrim(name)) in (select jsonb_array_elements_text(${textArray(keysOf(names))})) order by id`,
  );

export const cashboxesNamed = (ex: Executor, branchIds: readonly number[], names: Iterable<string>) =>
  queryRows<NamedInBranch & { currency_id: number }>(
    ex,
    sql`select id, name, branch_id, currency_id from cashbox where deleted_at is null and branch_id = any(${intArray(branchIds)})
          and lower(btrim(name)) in (select jsonb_array_elements_text(${textArray(keysOf(names))})) order by id`,
  );

export const customersNamed = (ex: Executor, branchIds: readonly number[], names: Iterable<string>) =>
  queryRows<NamedInBranch>(
    ex,
    sql`select id, name, branch_id from customer where deleted_at is null and branch_id = any(${intArray(branchIds)})
          and lower(btrim(name)) in (select jsonb_array_elements_text(${textArray(keysOf(names))})) order by id`,
  );

/** Suppliers by name with the branches they serve (a supplier belongs to no one branch). */
export const suppliersNamed = (ex: Executor, names: Iterable<string>) =>
  queryRows<{ id: number; name: string; branch_ids: number[] }>(
    ex,
    sql`select s.id, s.name, array(select sb.branch_id from supplier_branch sb where sb.supplier_id = s.id) as branch_ids
        from supplier s where s.deleted_at is null
          and lower(btrim(s.name)) in (select jsonb_array_elements_text(${textArray(keysOf(names))})) order by s.id`,
  );

/** Live items whose code or barcode is one of `keys`. */
export const itemsByCodeOrBarcode = (ex: Executor, keys: Iterable<string>) => {
  const list = JSON.stringify([...new Set(keys)]);
  return queryRows<{ id: number; code: string; barcode: string }>(
    ex,
    sql`select id, code, barcode from item where deleted_at is null
          and (code in (select jsonb_array_elements_text(${list}::jsonb)) or barcode in (select jsonb_array_elements_text(${list}::jsonb)))
        order by id`,
  );
};

export const liveCurrencies = (ex: Executor) =>
  queryRows<{ id: number; code: string; name: string; is_base: boolean }>(
    ex,
    sql`select id, code, name, is_base from currency where deleted_at is null order by id`,
  );

/** The branches' opening balance documents (one each at most). */
export const openingDocuments = (ex: Executor, branchIds: readonly number[]) =>
  queryRows<{ id: number; branch_id: number }>(
    ex,
    sql`select id, branch_id from opening_balance where branch_id = any(${intArray(branchIds)}) order by id`,
  );
