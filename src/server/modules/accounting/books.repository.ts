import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client";
import { DOCUMENT_NO } from "./statement.repository";

/**
 * The financial statements' sums over the ledger (DESIGN "The books"): lines are read as they were
 * booked, so a reversal appended by an edit or delete counts as the negative it is. Amounts are in the
 * base currency at the rate each line was booked at (each line to cents), or in one currency (only its lines).
 */
export interface BooksQuery {
  branchIds: readonly number[];
  /** Lines before it make the opening; null: no opening, everything up to endDate is the period. */
  startDate: string | null;
  endDate: string | null;
  /** Only lines in this currency, in it; null: every line, in the base currency. */
  currencyId: number | null;
}

export interface AccountSums {
  account_type: string;
  account_id: number | null;
  /** debit - credit before the period. */
  opening: string;
  debit: string;
  credit: string;
  /** debit - credit of the period's lines that sale returns booked. */
  returns_net: string;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  );

/** The lines of the query's branches up to its end (and in its currency), with their amounts as the statement reads them. */
function lines(q: BooksQuery, where: SQL = sql``): SQL {
  // A line's base value is its amount at its rate to cents (core lineBaseValue), so the exchange clearing nets exactly.
  const [d, c] =
    q.currencyId === null
      ? [sql`round(le.debit * le.exchange_rate, 2)`, sql`round(le.credit * le.exchange_rate, 2)`]
      : [sql`le.debit`, sql`le.credit`];
  return sql`select le.*, ${d} as d, ${c} as c from ledger_entry le
    where le.branch_id in (${idList(q.branchIds)})
      ${q.endDate ? sql`and le.entry_date <= ${q.endDate}` : sql``}
      ${q.currencyId === null ? sql`` : sql`and le.currency_id = ${q.currencyId}`} ${where}`;
}

/** Per account: debit - credit before the period, and the period's debits and credits, rounded to cents. */
export async function accountSums(ex: Executor, q: BooksQuery): Promise<AccountSums[]> {
  if (q.branchIds.length === 0) return [];
  const inPeriod = q.startDate ? sql`l.entry_date >= ${q.startDate}` : sql`true`;
  return queryRows<AccountSums>(
    ex,
    sql`select l.account_type, l.account_id,
          round(coalesce(sum(l.d - l.c) filter (where not (${inPeriod})), 0), 2)::text as opening,
          round(coalesce(sum(l.d) filter (where ${inPeriod}), 0), 2)::text as debit,
          round(coalesce(sum(l.c) filter (where ${inPeriod}), 0), 2)::text as credit,
          round(coalesce(sum(l.d - l.c) filter (where ${inPeriod} and l.document_type = 'sale_return'), 0), 2)::text as returns_net
        from (${lines(q)}) l
        group by l.account_type, l.account_id`,
  );
}

export interface LedgerLine {
  id: number;
  date: string;
  branch: number;
  document_type: string;
  document_id: number;
  document_no: number | null;
  note: string;
  currency: number;
  exchange_rate: string;
  debit: string;
  credit: string;
  /** debit - credit of the period's lines up to this one. */
  running: string;
}

export interface AccountLinesQuery extends BooksQuery {
  accountType: string;
  accountId: number | null;
}

const accountIs = (q: AccountLinesQuery) =>
  sql`and le.account_type = ${q.accountType} and le.account_id is not distinct from ${q.accountId}`;

/** debit - credit of an account before the period, and its number of lines in the period. */
export async function accountLinesSummary(ex: Executor, q: AccountLinesQuery): Promise<{ opening: string; count: number; total: string }> {
  if (q.branchIds.length === 0) return { opening: "0.00", count: 0, total: "0.00" };
  const inPeriod = q.startDate ? sql`l.entry_date >= ${q.startDate}` : sql`true`;
  const [row] = await queryRows<{ opening: string; count: number; total: string }>(
    ex,
    sql`select round(coalesce(sum(l.d - l.c) filter (where not (${inPeriod})), 0), 2)::text as opening,
          (count(*) filter (where ${inPeriod}))::int as count,
          round(coalesce(sum(l.d - l.c) filter (where ${inPeriod}), 0), 2)::text as total
        from (${lines(q, accountIs(q))}) l`,
  );
  return row;
}

/** One page of an account's lines in the period, by date then entry, with the running debit - credit. */
export async function accountLines(ex: Executor, q: AccountLinesQuery, offset: number, limit: number): Promise<LedgerLine[]> {
  if (q.branchIds.length === 0) return [];
  const inPeriod = q.startDate ? sql`and le.entry_date >= ${q.startDate}` : sql``;
  // The running sum needs every line of the period; the document numbers only the page's.
  return queryRows<LedgerLine>(
    ex,
    sql`select le.id, le.entry_date::text as date, le.branch_id as branch, le.document_type, le.document_id, ${DOCUMENT_NO} as document_no,
          le.memo as note, le.currency_id as currency, le.exchange_rate::text as exchange_rate,
          round(le.d, 2)::text as debit, round(le.c, 2)::text as credit, round(le.running, 2)::text as running
        from (
          select le.*, sum(le.d - le.c) over (order by le.entry_date, le.id) as running
          from (${lines(q, sql`${accountIs(q)} ${inPeriod}`)}) le
          order by le.entry_date, le.id
          offset ${offset} limit ${limit}
        ) le
        order by le.entry_date, le.id`,
  );
}
