import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";

/** A record an account follows (a cashbox, a party, an employee, an expense or income type, a partner's capital). */
export interface RecordAccountRow {
  account_type: string;
  account_id: number;
  name: string;
  /** The record's branch (cashbox, customer, employee); null for the records every branch shares. */
  branch: number | null;
  deleted: boolean;
}

export interface AccountOverrideRow {
  id: number;
  account_key: string;
  code: string | null;
  name: string | null;
  name_ar: string | null;
  name_ckb: string | null;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  );

/**
 * The records that carry a ledger account, those the caller's branches see: cashboxes, customers and
 * employees of the branches, suppliers serving one of them, and the shared expense types, income types
 * and partners. `withDeleted` adds tombstoned ones (their lines still count in the statements).
 */
export async function recordAccounts(ex: Executor, branchIds: readonly number[], withDeleted: boolean): Promise<RecordAccountRow[]> {
  if (branchIds.length === 0) return [];
  const branches = idList(branchIds);
  const live = (alias: string): SQL => (withDeleted ? sql`true` : sql`${sql.raw(alias)}.deleted_at is null`);
  return queryRows<RecordAccountRow>(
    ex,
    sql`select 'cashbox' as account_type, c.id as account_id, c.name, c.branch_id as branch, c.deleted_at is not null as deleted
          from cashbox c where ${live("c")} and c.branch_id in (${branches})
        union all
        select 'customer', c.id, c.name, c.branch_id, c.deleted_at is not null from customer c where ${live("c")} and c.branch_id in (${branches})
        union all
        select 'employee', e.id, e.name, e.branch_id, e.deleted_at is not null from employee e where ${live("e")} and e.branch_id in (${branches})
        union all
        select 'supplier', s.id, s.name, null, s.deleted_at is not null from supplier s
          where ${live("s")} and exists (select 1 from supplier_branch sb where sb.supplier_id = s.id and sb.branch_id in (${branches}))
        union all
        select 'expense', t.id, t.name, null, t.deleted_at is not null from expense_type t where ${live("t")}
        union all
        select 'income', t.id, t.name, null, t.deleted_at is not null from income_type t where ${live("t")}
        union all
        select 'capital', p.id, p.name, null, p.deleted_at is not null from partner p where ${live("p")}`,
  );
}

export async function accountOverrides(ex: Executor): Promise<AccountOverrideRow[]> {
  return queryRows<AccountOverrideRow>(ex, sql`select id, account_key, code, name, name_ar, name_ckb from ledger_account`);
}

/** The accounts that have lines in the branches (an account type the chart may not list by record). */
export async function postedAccounts(
  ex: Executor,
  branchIds: readonly number[],
): Promise<{ account_type: string; account_id: number | null }[]> {
  if (branchIds.length === 0) return [];
  return queryRows(ex, sql`select distinct account_type, account_id from ledger_entry where branch_id in (${idList(branchIds)})`);
}

export interface AccountChange {
  accountKey: string;
  accountType: string;
  accountId: number | null;
  code: string | null;
  name: string | null;
  nameAr: string | null;
  nameCkb: string | null;
  userId: number;
}

/** Saves an account's code and names (the first change makes its row); the audit trigger records it. */
export async function saveAccountOverride(ex: Executor, change: AccountChange): Promise<void> {
  await ex.execute(
    sql`insert into ledger_account (account_key, account_type, account_id, code, name, name_ar, name_ckb, created_by)
        values (${change.accountKey}, ${change.accountType}, ${change.accountId}, ${change.code}, ${change.name}, ${change.nameAr},
          ${change.nameCkb}, ${change.userId})
        on conflict (account_key) do update set code = excluded.code, name = excluded.name, name_ar = excluded.name_ar,
          name_ckb = excluded.name_ckb, updated_at = now()`,
  );
}

/** Serialises changes of the chart's codes, so two edits cannot both take one code. */
export async function lockChart(ex: Executor): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtext('ledger_account_codes'))`);
}
