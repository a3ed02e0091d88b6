import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";

/**
 * Account statements read the ledger alone (DESIGN "Money documents"): the opening balance before the
 * range, one row per entry in it with its document's number, and the sign of the account kind.
 */
export interface StatementQuery {
  accountType: "cashbox" | "customer" | "supplier";
  accountId: number;
  currencyId: number;
  /**
   * Ledger rows of these branches only (a supplier serves several branches; a user sees their own);
   * null for a cashbox or customer, whose every row is theirs (a transfer into a cashbox is booked
   * in the source's branch).
   */
  branchIds: number[] | null;
  startDate: string | null;
  endDate: string | null;
}

/** +1: debit - credit (cashbox, customer: what is held / owed to us); -1: credit - debit (supplier: what we owe). */
export const statementSign = (accountType: StatementQuery["accountType"]) => (accountType === "supplier" ? -1 : 1);

/** The per-branch number of the document a ledger row came from (the tables that post to the ledger). */
export const DOCUMENT_NO = sql`case le.document_type
  when 'sale' then (select invoice_no from sale where id = le.document_id)
  when 'sale_return' then (select invoice_no from sale_return where id = le.document_id)
  when 'purchase' then (select invoice_no from purchase where id = le.document_id)
  when 'purchase_return' then (select invoice_no from purchase_return where id = le.document_id)
  when 'receipt' then (select invoice_no from receipt where id = le.document_id)
  when 'payment' then (select invoice_no from payment where id = le.document_id)
  when 'expense' then (select invoice_no from expense where id = le.document_id)
  when 'income' then (select invoice_no from income where id = le.document_id)
  when 'cashbox_transfer' then (select invoice_no from cashbox_transfer where id = le.document_id)
  when 'payroll' then (select invoice_no from payroll where id = le.document_id)
  when 'salary_advance' then (select invoice_no from salary_advance where id = le.document_id)
  when 'cashbox_money_conversion' then (select invoice_no from cashbox_money_conversion where id = le.document_id)
  when 'cashbox_adjustment' then (select invoice_no from cashbox_adjustment where id = le.document_id)
  when 'capital' then (select invoice_no from capital where id = le.document_id)
  when 'supplier_debit_invoice' then (select invoice_no from supplier_debit_invoice where id = le.document_id)
  when 'customer_debit_invoice' then (select invoice_no from customer_debit_invoice where id = le.document_id)
  end`;

function accountWhere(q: StatementQuery): SQL {
  const branches = q.branchIds
    ? sql` and le.branch_id in (${sql.join(
        q.branchIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return sql`le.account_type = ${q.accountType} and le.account_id = ${q.accountId} and le.currency_id = ${q.currencyId}${branches}`;
}

export async function openingBalance(ex: Executor, q: StatementQuery): Promise<string> {
  if (!q.startDate) return "0.00";
  const sign = statementSign(q.accountType);
  const [row] = await queryRows<{ b: string }>(
    ex,
    sql`select (coalesce(sum(le.debit - le.credit), 0) * ${sign})::numeric(18, 2)::text as b from ledger_entry le
        where ${accountWhere(q)} and le.entry_date < ${q.startDate}`,
  );
  return row.b;
}

export interface StatementRow {
  /** The ledger row's id: the tie-break of rows of one date, for paging (not part of the answer). */
  id: number;
  date: string;
  document_type: string;
  document_id: number;
  document_no: number | null;
  /** The ledger row's branch: its document's number reads with the branch's short code (ERB-241). */
  branch: number;
  note: string;
  debit: string;
  credit: string;
}

/** The account's rows in the statement's range (dates inclusive). */
function rangeWhere(q: StatementQuery): SQL {
  const range = [
    accountWhere(q),
    ...(q.startDate ? [sql`le.entry_date >= ${q.startDate}`] : []),
    ...(q.endDate ? [sql`le.entry_date <= ${q.endDate}`] : []),
  ];
  return sql.join(range, sql` and `);
}

const ROW_COLUMNS = sql`le.id, le.entry_date::text as date, le.document_type, le.document_id, ${DOCUMENT_NO} as document_no,
  le.branch_id as branch, le.memo as note, le.debit::text as debit, le.credit::text as credit`;

export async function statementRows(ex: Executor, q: StatementQuery): Promise<StatementRow[]> {
  return queryRows<StatementRow>(ex, sql`select ${ROW_COLUMNS} from ledger_entry le where ${rangeWhere(q)} order by le.entry_date, le.id`);
}

/**
 * One pass over the account's index entries up to the range's end (an index-only scan of
 * ledger_account_cover_idx, migration 0020): debit - credit before the range, and the count and
 * debit - credit of the range.
 */
export async function statementSummary(ex: Executor, q: StatementQuery): Promise<{ before: string; count: number; total: string }> {
  const inRange = q.startDate ? sql`le.entry_date >= ${q.startDate}` : sql`true`;
  const [row] = await queryRows<{ before: string; count: number; total: string }>(
    ex,
    sql`select coalesce(sum(le.debit - le.credit) filter (where not (${inRange})), 0)::text as before,
          (count(*) filter (where ${inRange}))::int as count,
          coalesce(sum(le.debit - le.credit) filter (where ${inRange}), 0)::text as total
        from ledger_entry le where ${accountWhere(q)}${q.endDate ? sql` and le.entry_date <= ${q.endDate}` : sql``}`,
  );
  return row;
}

/**
 * One page of the range's `count` rows in statement order: the ids are picked from the index alone
 * (skipping entries costs no table reads), walking it from the nearer end (a page past the middle, like
 * the newest, skips the rows after it, not those before), then only the page's rows are read with their
 * document numbers.
 */
export async function statementPage(
  ex: Executor,
  q: StatementQuery,
  offset: number,
  limit: number,
  count: number,
): Promise<StatementRow[]> {
  const fromEnd = offset > count / 2;
  const ids = fromEnd
    ? sql`select le.id from ledger_entry le where ${rangeWhere(q)} order by le.entry_date desc, le.id desc
          offset ${Math.max(0, count - offset - limit)} limit ${Math.min(limit, count - offset)}`
    : sql`select le.id from ledger_entry le where ${rangeWhere(q)} order by le.entry_date, le.id offset ${offset} limit ${limit}`;
  return queryRows<StatementRow>(
    ex,
    sql`select ${ROW_COLUMNS} from ledger_entry le join (${ids}) p on p.id = le.id order by le.entry_date, le.id`,
  );
}

/** debit - credit of the range's rows before (`side` "before") or from (`side` "from") a row, in statement order. */
export async function rangeSumBeside(ex: Executor, q: StatementQuery, at: StatementRow, side: "before" | "from"): Promise<string> {
  const key =
    side === "before"
      ? sql`(le.entry_date, le.id) < (${at.date}::date, ${at.id})`
      : sql`(le.entry_date, le.id) >= (${at.date}::date, ${at.id})`;
  const [row] = await queryRows<{ s: string }>(
    ex,
    sql`select coalesce(sum(le.debit - le.credit), 0)::text as s from ledger_entry le where ${rangeWhere(q)} and ${key}`,
  );
  return row.s;
}

/** The branch of a cashbox or customer (null when absent), or the branches a supplier serves. */
export async function accountBranches(
  ex: Executor,
  accountType: StatementQuery["accountType"],
  id: number,
): Promise<{ branches: number[]; currencyId: number | null }> {
  if (accountType === "cashbox") {
    const [row] = await queryRows<{ branch_id: number; currency_id: number }>(
      ex,
      sql`select branch_id, currency_id from cashbox where id = ${id} and deleted_at is null`,
    );
    return { branches: row ? [row.branch_id] : [], currencyId: row?.currency_id ?? null };
  }
  if (accountType === "customer") {
    const [row] = await queryRows<{ branch_id: number }>(ex, sql`select branch_id from customer where id = ${id} and deleted_at is null`);
    return { branches: row ? [row.branch_id] : [], currencyId: null };
  }
  const rows = await queryRows<{ branch_id: number }>(
    ex,
    sql`select sb.branch_id from supplier s join supplier_branch sb on sb.supplier_id = s.id where s.id = ${id} and s.deleted_at is null`,
  );
  return { branches: rows.map((r) => r.branch_id), currencyId: null };
}
