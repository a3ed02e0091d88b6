import type pg from "pg";

/**
 * Rows of every table of the product (the public schema, and drizzle's record of migrations), in one
 * statement. Counting reads every page of each table, so on a cluster with data checksums it also
 * reads them all once.
 */
export async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const { rows: tables } = await client.query<{ name: string; ident: string }>(
    `select case when schemaname = 'public' then tablename else schemaname || '.' || tablename end as name,
            format('%I.%I', schemaname, tablename) as ident
       from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  );
  if (tables.length === 0) return {};
  const { rows } = await client.query<{ name: string; n: string }>(
    tables.map((t, i) => `select $${i + 1}::text as name, count(*)::text as n from ${t.ident}`).join(" union all "),
    tables.map((t) => t.name),
  );
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}
