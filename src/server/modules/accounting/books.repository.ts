import { sql, type SQL } from "drizzle-orm";
import { add, toDecimalString } from "../../../core/money";
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
  /** Leave out the years' closing entries (the profit and loss reads what a period earned, closed or not). */
  withoutClosing?: boolean;
  /** The last day the statements' day totals cover (statement-day-totals.ts); null or absent: every line is read. */
  coveredThrough?: string | null;
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
      ${q.currencyId === null ? sql`` : sql`and le.currency_id = ${q.currencyId}`}
      ${q.withoutClosing ? sql`and le.document_type <> 'year_close'` : sql``} ${where}`;
}

/** What dayLines() reads beside the query's own filters: one account, lines from a day on. */
interface DayLinesFilter {
  account?: { accountType: string; accountId: number | null };
  from?: string;
}

/**
 * The same lines as lines() summed by day (n: how many), as account_type, account_id, entry_date,
 * document_type, n, d, c: the covered days from the statements' day totals (document_type their kind:
 * 'sale_return', 'year_close' or ''; a fixed account's id 0 there), the later ones from the ledger.
 */
function dayLines(q: BooksQuery, filter: DayLinesFilter = {}): SQL {
  const covered = q.coveredThrough ?? null;
  const { account, from } = filter;
  const ledgerWhere = sql`${account ? accountIs(account) : sql``} ${from ? sql`and le.entry_date >= ${from}::date` : sql``}`;
  const live = sql`select l.account_type, l.account_id, l.entry_date, l.document_type, 1 as n, l.d, l.c
    from (${lines(q, sql`${covered === null ? sql`` : sql`and le.entry_date > ${covered}::date`} ${ledgerWhere}`)}) l`;
  if (covered === null || (from && from > covered)) return live;
  const [d, c] = q.currencyId === null ? [sql`t.debit_base`, sql`t.credit_base`] : [sql`t.debit`, sql`t.credit`];
  const until = q.endDate && q.endDate < covered ? q.endDate : covered;
  return sql`${live}
    union all
    select t.account_type, nullif(t.account_id, 0), t.entry_date, t.kind, t.lines, ${d}, ${c}
    from ledger_account_day_total t
    where t.branch_id in (${idList(q.branchIds)}) and t.entry_date <= ${until}::date
      ${q.currencyId === null ? sql`` : sql`and t.currency_id = ${q.currencyId}`}
      ${q.withoutClosing ? sql`and t.kind <> 'year_close'` : sql``}
      ${account ? sql`and t.account_type = ${account.accountType} and t.account_id = ${account.accountId ?? 0}` : sql``}
      ${from ? sql`and t.entry_date >= ${from}::date` : sql``}`;
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
        from (${dayLines(q)}) l
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

// "is null" or "=" rather than "is not distinct from", which no index answers.
const accountIs = (q: { accountType: string; accountId: number | null }) =>
  sql`and le.account_type = ${q.accountType} and ${q.accountId === null ? sql`le.account_id is null` : sql`le.account_id = ${q.accountId}`}`;

/** debit - credit of an account before the period, and its number of lines in the period. */
export async function accountLinesSummary(ex: Executor, q: AccountLinesQuery): Promise<{ opening: string; count: number; total: string }> {
  if (q.branchIds.length === 0) return { opening: "0.00", count: 0, total: "0.00" };
  const inPeriod = q.startDate ? sql`l.entry_date >= ${q.startDate}` : sql`true`;
  const [row] = await queryRows<{ opening: string; count: number; total: string }>(
    ex,
    sql`select round(coalesce(sum(l.d - l.c) filter (where not (${inPeriod})), 0), 2)::text as opening,
          (coalesce(sum(l.n) filter (where ${inPeriod}), 0))::int as count,
          round(coalesce(sum(l.d - l.c) filter (where ${inPeriod}), 0), 2)::text as total
        from (${dayLines(q, { account: q })}) l`,
  );
  return row;
}

/**
 * One page of an account's lines in the period, by date then entry, with the running debit - credit.
 * The period's lines per day (the day totals, cheap) place the page: its first day, how many of that
 * day's lines come before it, and the sum of the days before; then only the lines from that day on to
 * the page's end are read (ledger_account_date_idx).
 */
export async function accountLines(ex: Executor, q: AccountLinesQuery, offset: number, limit: number): Promise<LedgerLine[]> {
  if (q.branchIds.length === 0) return [];
  const days = await queryRows<{ day: string; n: number; net: string }>(
    ex,
    sql`select l.entry_date::text as day, sum(l.n)::int as n, sum(l.d - l.c)::text as net
        from (${dayLines(q, { account: q, from: q.startDate ?? undefined })}) l
        group by l.entry_date
        order by l.entry_date`,
  );
  let before = 0;
  let netBefore = "0";
  const first = days.find((d) => {
    if (before + d.n > offset) return true;
    before += d.n;
    netBefore = toDecimalString(add(netBefore, d.net));
    return false;
  });
  if (!first) return [];
  const skip = offset - before;
  // The document numbers only the page's.
  return queryRows<LedgerLine>(
    ex,
    sql`select le.id, le.entry_date::text as date, le.branch_id as branch, le.document_type, le.document_id, ${DOCUMENT_NO} as document_no,
          le.memo as note, le.currency_id as currency, le.exchange_rate::text as exchange_rate,
          round(le.d, 2)::text as debit, round(le.c, 2)::text as credit, round(${netBefore}::numeric + le.running, 2)::text as running
        from (
          select le.*, sum(le.d - le.c) over (order by le.entry_date, le.id) as running
          from (
            select le.* from (${lines(q, sql`${accountIs(q)} and le.entry_date >= ${first.day}::date`)}) le
            order by le.entry_date, le.id
            limit ${skip + limit}
          ) le
          order by le.entry_date, le.id
          offset ${skip}
        ) le
        order by le.entry_date, le.id`,
  );
}

export interface JournalRow {
  id: number;
  date: string;
  document_type: string;
  document_id: number;
  document_no: number | null;
  currency_id: number;
  account_type: string;
  account_id: number | null;
  debit: string;
  credit: string;
}

interface JournalCursor {
  date: string;
  document_type: string;
  document_id: number;
  currency_id: number;
  id: number;
}

/**
 * The lines of the query's branches and dates in journal order (date, document, currency), in their
 * own currency, read in chunks after a cursor so a large ledger never sits in memory.
 */
export async function* journalRowChunks(ex: Executor, q: BooksQuery, chunkSize = 5000): AsyncGenerator<JournalRow[]> {
  if (q.branchIds.length === 0) return;
  let after: JournalCursor | null = null;
  for (;;) {
    const cursor: SQL = after
      ? sql`and (le.entry_date, le.document_type, le.document_id, le.currency_id, le.id) >
          (${after.date}::date, ${after.document_type}, ${after.document_id}::integer, ${after.currency_id}::integer, ${after.id}::integer)`
      : sql``;
    const rows: JournalRow[] = await queryRows<JournalRow>(
      ex,
      sql`select le.id, le.entry_date::text as date, le.document_type, le.document_id, ${DOCUMENT_NO} as document_no,
            le.currency_id, le.account_type, le.account_id, le.debit::text as debit, le.credit::text as credit
          from ledger_entry le
          where le.branch_id in (${idList(q.branchIds)})
            ${q.startDate ? sql`and le.entry_date >= ${q.startDate}` : sql``}
            ${q.endDate ? sql`and le.entry_date <= ${q.endDate}` : sql``}
            ${cursor}
          order by le.entry_date, le.document_type, le.document_id, le.currency_id, le.id
          limit ${chunkSize}`,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < chunkSize) return;
    after = rows[rows.length - 1];
  }
}

/** Per account and currency: debit - credit of the lines before the query's start (the journal's opening). */
export async function openingByCurrency(
  ex: Executor,
  q: BooksQuery,
): Promise<{ account_type: string; account_id: number | null; currency_id: number; net: string }[]> {
  if (q.branchIds.length === 0 || !q.startDate) return [];
  return queryRows(
    ex,
    sql`select le.account_type, le.account_id, le.currency_id, sum(le.debit - le.credit)::text as net
        from ledger_entry le
        where le.branch_id in (${idList(q.branchIds)}) and le.entry_date < ${q.startDate}
        group by le.account_type, le.account_id, le.currency_id
        order by le.currency_id`,
  );
}

/** An account's lines in the period by date then entry, read in chunks after a cursor (the general ledger's export). */
export async function* accountLineChunks(ex: Executor, q: AccountLinesQuery, chunkSize = 5000): AsyncGenerator<LedgerLine[]> {
  if (q.branchIds.length === 0) return;
  const inPeriod = q.startDate ? sql`and le.entry_date >= ${q.startDate}` : sql``;
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const cursor: SQL = after ? sql`and (le.entry_date, le.id) > (${after.date}::date, ${after.id}::integer)` : sql``;
    const rows: LedgerLine[] = await queryRows<LedgerLine>(
      ex,
      sql`select le.id, le.entry_date::text as date, le.branch_id as branch, le.document_type, le.document_id, ${DOCUMENT_NO} as document_no,
            le.memo as note, le.currency_id as currency, le.exchange_rate::text as exchange_rate,
            round(le.d, 2)::text as debit, round(le.c, 2)::text as credit, '0'::text as running
          from (${lines(q, sql`${accountIs(q)} ${inPeriod} ${cursor}`)}) le
          order by le.entry_date, le.id
          limit ${chunkSize}`,
    );
    if (rows.length > 0) yield rows;
    if (rows.length < chunkSize) return;
    after = rows[rows.length - 1];
  }
}

export interface Period {
  start: string;
  end: string;
}

/** Per account and period: the period's debits and credits (and of them, what sale returns booked), in the base currency. */
export async function accountSumsByPeriod(
  ex: Executor,
  branchIds: readonly number[],
  periods: readonly Period[],
  coveredThrough: string | null = null,
): Promise<(Omit<AccountSums, "opening"> & { period: number })[]> {
  if (branchIds.length === 0 || periods.length === 0) return [];
  const first = periods.reduce((a, p) => (p.start < a ? p.start : a), periods[0].start);
  const last = periods.reduce((a, p) => (p.end > a ? p.end : a), periods[0].end);
  const values = sql.join(
    periods.map((p, i) => sql`(${i}::integer, ${p.start}::date, ${p.end}::date)`),
    sql`, `,
  );
  const q: BooksQuery = { branchIds, startDate: first, endDate: last, currencyId: null, withoutClosing: true, coveredThrough };
  return queryRows(
    ex,
    sql`select l.account_type, l.account_id, p.i as period,
          round(coalesce(sum(l.d), 0), 2)::text as debit,
          round(coalesce(sum(l.c), 0), 2)::text as credit,
          round(coalesce(sum(l.d - l.c) filter (where l.document_type = 'sale_return'), 0), 2)::text as returns_net
        from (${dayLines(q, { from: first })}) l
        join (values ${values}) as p(i, s, e) on l.entry_date between p.s and p.e
        group by l.account_type, l.account_id, p.i`,
  );
}
