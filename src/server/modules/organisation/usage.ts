import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";

/**
 * Whether any row of the tables with the given column points at `id`. The tables are read from the
 * catalogue, so a document table added later by another area counts without a change here.
 */
async function referencedIn(ex: Executor, tables: { table: string; column: string }[], id: number): Promise<boolean> {
  if (tables.length === 0) return false;
  const probes = tables.map(({ table, column }) => sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`);
  const [row] = await queryRows<{ used: boolean }>(ex, sql`select exists (${sql.join(probes, sql` union all `)}) as used`);
  return row.used;
}

async function columnsNamed(ex: Executor, names: string[], alsoHaving?: string) {
  return queryRows<{ table: string; column: string }>(
    ex,
    sql`select c.table_name as table, c.column_name as column
        from information_schema.columns c join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.column_name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})
          and (${alsoHaving ?? null}::text is null or exists (select 1 from information_schema.columns o
               where o.table_schema = c.table_schema and o.table_name = c.table_name and o.column_name = ${alsoHaving ?? null}))
        order by 1, 2`,
  );
}

/**
 * A branch has documents when a numbered document (a table with `branch_id` and `invoice_no`), a
 * ledger entry or a stock row names it.
 */
export async function branchHasDocuments(ex: Executor, branchId: number): Promise<boolean> {
  const numbered = await columnsNamed(ex, ["branch_id"], "invoice_no");
  const always = [
    { table: "ledger_entry", column: "branch_id" },
    { table: "stock", column: "branch_id" },
  ];
  return referencedIn(ex, [...numbered, ...always], branchId);
}

/** An inventory is in use when any row (a stock row, a document) names it. */
export async function inventoryInUse(ex: Executor, inventoryId: number): Promise<boolean> {
  return referencedIn(ex, await columnsNamed(ex, ["inventory_id", "from_inventory_id", "to_inventory_id"]), inventoryId);
}
