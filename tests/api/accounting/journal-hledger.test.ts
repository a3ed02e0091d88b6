import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CHART_GROUPS, type AccountClass, type ChartGroupKey } from "../../../src/core/chart-of-accounts";
import { journalAccountPath } from "../../../src/core/ledger-journal";
import { queryRows } from "../../../src/server/db/client";
import { buy, sell } from "../report/profit-helpers";
import { saleWorld, type SaleWorld } from "../sale/helpers";
import { type TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";

/**
 * The journal export read by an independent plain-text accounting tool: Debian's hledger parses the
 * whole journal (it refuses any transaction that does not balance in its currency) and its balance of
 * every account, per currency, must equal the trial balance's closing. CI installs hledger (.ci/run);
 * a dev machine without it skips, saying why.
 */

const HLEDGER = process.env.HLEDGER ?? "/usr/bin/hledger";
const haveHledger = existsSync(HLEDGER);
const inCi = process.env.CI === "true";
if (!haveHledger && !inCi) console.log(`journal-hledger: skipped, ${HLEDGER} is not installed (apt-get install hledger)`);

interface TrialBalanceRow {
  account: string;
  code: string;
  name: string;
  class: AccountClass;
  group: ChartGroupKey;
  closing_debit: string;
  closing_credit: string;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;
withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
});
beforeAll(async () => {
  w = await saleWorld(t);
  // Documents of this year beside the demo's (the demo business holds both currencies' books).
  const [{ id: supplier }] = await queryRows<{ id: number }>(t.db, sql`select id from supplier where name = 'Zagros Beverages'`);
  const stock = await buy(t, admin, w, supplier, w.goods[0], "20", "1500", "2026-11-02");
  await sell(t, admin, w, [{ stock, quantity: "4", price: "2500" }], "2026-11-05");
});

const cents = (text: string) => Math.round(Number(text) * 100);

/** hledger's `balance` of every account in one commodity: account path -> cents. */
function hledgerBalances(journal: string, commodity: string): Map<string, number> {
  const run = spawnSync(HLEDGER, ["-f", "-", "balance", "--flat", "-O", "csv", `cur:^${commodity}$`], {
    input: journal,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  expect(run.error, `running ${HLEDGER}`).toBeUndefined();
  expect(run.status, `hledger refused the journal: ${run.stderr}`).toBe(0);
  const balances = new Map<string, number>();
  for (const line of run.stdout.trim().split("\n").slice(1)) {
    const [account, amount] = JSON.parse(`[${line}]`) as [string, string];
    if (account === "total") continue;
    const value = amount === "0" ? 0 : cents(amount.replace(new RegExp(`\\s*${commodity}$`), ""));
    balances.set(account, value);
  }
  return balances;
}

/** The trial balance's closing (debit - credit) per account path, in one currency, without zeros. */
async function trialBalanceClosing(query: string): Promise<Map<string, number>> {
  const res = await t.call<{ rows: TrialBalanceRow[] }>(admin, "GET", `/api/accounting/trial-balance/?${query}`);
  expect(res.status).toBe(200);
  const closing = new Map<string, number>();
  for (const row of res.body.rows) {
    const net = cents(row.closing_debit) - cents(row.closing_credit);
    const path = journalAccountPath({ class: row.class, groupName: CHART_GROUPS[row.group].name.en, code: row.code, name: row.name });
    if (net !== 0) closing.set(path, net);
  }
  return closing;
}

const withoutZeros = (m: Map<string, number>) => new Map([...m].filter(([, v]) => v !== 0));

async function expectHledgerAgrees(range: string) {
  const res = await t.call<string>(admin, "GET", `/api/accounting/journal/?format=ledger${range}`);
  expect(res.status).toBe(200);
  const journal = res.body;
  expect(journal).toMatch(/^\d{4}-\d{2}-\d{2} \(\d+\) sale \d+$/m);
  let checked = 0;
  for (const currency of [
    { id: w.iqd, code: "IQD" },
    { id: w.usd, code: "USD" },
  ]) {
    const expected = await trialBalanceClosing(`currency=${currency.id}${range}`);
    expect(expected.size, `the trial balance has ${currency.code} accounts`).toBeGreaterThan(0);
    expect(Object.fromEntries(withoutZeros(hledgerBalances(journal, currency.code))), currency.code).toEqual(Object.fromEntries(expected));
    checked += expected.size;
  }
  return checked;
}

describe.skipIf(!haveHledger && !inCi)("accounting/journal/?format=ledger read by hledger", () => {
  it("hledger is installed where CI runs", () => {
    expect(haveHledger, `${HLEDGER} is missing: CI installs it in .ci/run`).toBe(true);
  });

  it("hledger reads the whole journal and finds every account's balance equal to the trial balance, per currency", async () => {
    const accounts = await expectHledgerAgrees("");
    expect(accounts).toBeGreaterThan(10);
  });

  it("over a period: the opening transaction carries what came before, so the closing balances still agree", async () => {
    await expectHledgerAgrees("&start_date=2026-11-03&end_date=2026-11-30");
  });

  it("answers text/plain, names the accounts by their chart path and the documents by number", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/accounting/journal/?format=ledger&start_date=2026-11-05&end_date=2026-11-05",
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^ {4}Income:Sales:4101 Sales revenue +-?\d+\.\d{2} IQD$/m);
    expect(res.body).toMatch(/^ {4}Assets:Receivables:1200-\d{4} .+ +\d+\.\d{2} IQD$/m);
  });
});

describe("accounting/journal/ refusals", () => {
  it("refuses another format and a wrong date with a 400, and a caller without the statements' permission", async () => {
    expect((await t.call(admin, "GET", "/api/accounting/journal/?format=csv")).status).toBe(400);
    expect((await t.call(admin, "GET", "/api/accounting/journal/?start_date=2026-13-01")).status).toBe(400);
    expect((await t.call(admin, "GET", "/api/accounting/journal/?lang=fr")).status).toBe(400);
    expect((await t.call(null, "GET", "/api/accounting/journal/")).status).toBe(401);
  });
});

describe("accounting/general-ledger/export/ (CSV and XLSX of every line, not a page)", () => {
  it("writes the opening balance and every line of the account with its running balance", async () => {
    const account = "revenue";
    const page = await t.call<{ count: number; closing_balance: string }>(
      admin,
      "GET",
      `/api/accounting/general-ledger/?account=${account}&page_size=1`,
    );
    expect(page.status).toBe(200);
    expect(page.body.count).toBeGreaterThan(1);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/accounting/general-ledger/export/?account=${account}&format=csv&lang=ar`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("التاريخ,المستند,الرقم,ملاحظة,مدين,دائن,الرصيد");
    expect(lines).toHaveLength(page.body.count + 2);
    expect(lines[lines.length - 1].split(",").pop()).toBe(page.body.closing_balance);
    const xlsx = await t.app.inject({
      method: "GET",
      url: `/api/accounting/general-ledger/export/?account=${account}&format=xlsx`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toMatch(/spreadsheetml/);
  });

  it("refuses a missing account, an unknown format and an account outside the chart", async () => {
    expect((await t.call(admin, "GET", "/api/accounting/general-ledger/export/")).status).toBe(400);
    expect((await t.call(admin, "GET", "/api/accounting/general-ledger/export/?account=revenue&format=pdf")).status).toBe(400);
    expect((await t.call(admin, "GET", "/api/accounting/general-ledger/export/?account=cashbox-99999")).status).toBe(404);
  });
});
