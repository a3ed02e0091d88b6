import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { accountLines, accountLinesSummary, accountSums, type BooksQuery } from "../../../src/server/modules/accounting/books.repository";
import type { TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";

/**
 * The statements' day totals (migration 0041, statement-day-totals.ts) change no figure: the sums and a
 * general-ledger page read with the totals of the covered days equal those read from the ledger's lines
 * alone, whether the triggers kept the totals (lines booked into and removed from covered days, at a
 * rate whose base values need rounding to cents) or a fill built them again.
 */
let t: TestApp;
let admin: string;
withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
});

const covered = async () =>
  (await queryRows<{ c: string | null }>(t.db, sql`select covered_through::text as c from ledger_account_day_total_state`))[0].c;
const byAccount = (rows: { account_type: string; account_id: number | null }[]) =>
  [...rows].sort((a, b) => `${a.account_type}-${a.account_id}`.localeCompare(`${b.account_type}-${b.account_id}`));

describe("the statements' day totals", () => {
  it("give the same sums and pages as the ledger's lines, kept by the triggers or built again", async () => {
    const through = await covered();
    expect(through).not.toBeNull();
    const [box] = await queryRows<{ id: number; branch: number; currency: number }>(
      t.db,
      sql`select id, branch_id as branch, currency_id as currency from cashbox where deleted_at is null order by id limit 1`,
    );
    const [{ usd }] = await queryRows<{ usd: number }>(t.db, sql`select id as usd from currency where code = 'USD'`);
    const [{ user }] = await queryRows<{ user: number }>(t.db, sql`select min(id) as user from app_user`);
    // Balanced pairs booked into covered days (the triggers add them), at a rate of fractional cents.
    await t.db.execute(sql`
      insert into ledger_entry (branch_id, account_type, account_id, currency_id, debit, credit, exchange_rate,
                                document_type, document_id, entry_date, memo, created_by)
      select ${box.branch}, l.type, l.id, ${usd}, l.debit, l.credit, 1312.345, l.doc, 90000000 + g, (${through}::date - g), '', ${user}
      from generate_series(1, 40) g, lateral (values
        ('cashbox', ${box.id}, (g * 3.37)::numeric(18, 2), 0::numeric(18, 2), case when g % 7 = 0 then 'sale_return' else 'income' end),
        ('income', null::integer, 0::numeric(18, 2), (g * 3.37)::numeric(18, 2), case when g % 7 = 0 then 'sale_return' else 'income' end)
      ) l(type, id, debit, credit, doc)`);
    // ... and some removed again (the triggers take them out).
    await t.db.execute(sql`delete from ledger_entry where document_id between 90000001 and 90000005`);

    const branchIds = (await queryRows<{ id: number }>(t.db, sql`select id from branch order by id`)).map((b) => b.id);
    const year = `${through!.slice(0, 4)}-01-01`;
    const queries: BooksQuery[] = [
      { branchIds, startDate: year, endDate: through, currencyId: null },
      { branchIds, startDate: year, endDate: null, currencyId: usd },
      { branchIds: [box.branch], startDate: null, endDate: through, currencyId: null, withoutClosing: true },
    ];
    const lineQuery = { branchIds, startDate: "2000-01-01", endDate: null, currencyId: null, accountType: "cashbox", accountId: box.id };
    const read = async (coveredThrough: string | null) => ({
      sums: await Promise.all(queries.map(async (q) => byAccount(await accountSums(t.db, { ...q, coveredThrough })))),
      summary: await accountLinesSummary(t.db, { ...lineQuery, coveredThrough }),
      pages: await Promise.all([0, 3, 17, 29].map((offset) => accountLines(t.db, { ...lineQuery, coveredThrough }, offset, 7))),
    });
    const fromLines = await read(null);
    expect(fromLines.summary.count).toBeGreaterThan(30);
    expect(await read(through)).toEqual(fromLines);

    // The page's running balance is a window over every line of the period.
    const windowed = await queryRows<{ id: number; running: string }>(
      t.db,
      sql`select id, round(running, 2)::text as running from (
            select id, sum(round(debit * exchange_rate, 2) - round(credit * exchange_rate, 2)) over (order by entry_date, id) as running
            from ledger_entry where account_type = 'cashbox' and account_id = ${box.id} and entry_date >= '2000-01-01'
            order by entry_date, id offset 17 limit 7) w`,
    );
    expect(fromLines.pages[2].map((l) => ({ id: l.id, running: l.running }))).toEqual(windowed);

    // Built again from the ledger by the next statement: the same figures.
    const before = await t.call(admin, "GET", `/api/accounting/trial-balance/?start_date=${year}&end_date=${through}`);
    await t.db.execute(sql`delete from ledger_account_day_total`);
    await t.db.execute(sql`update ledger_account_day_total_state set covered_through = null`);
    const after = await t.call(admin, "GET", `/api/accounting/trial-balance/?start_date=${year}&end_date=${through}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);
    expect(await covered()).toBe(through);
    expect(await read(through)).toEqual(fromLines);
  });
});
