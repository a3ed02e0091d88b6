import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../src/server/db/client";
import { MESSAGES } from "../../src/core/messages";
import { readCashboxOverlay, rememberCashboxBalances, shownBalance } from "../../src/web/offline/cashbox-overlay";
import type { OfflineDb } from "../../src/web/offline/db";
import { moneyDocumentEffects, type OfflineMoneyResource } from "../../src/web/offline/money-effects";
import type { Outbox } from "../../src/web/offline/outbox";
import { pendingMoneyDocuments } from "../../src/web/offline/pending-money";
import { formToken } from "../api/support/test-app";
import { saleWorld, type SaleWorld } from "../api/sale/helpers";
import { newDeviceDb, startFaultServer, type FaultServer } from "./support/fault-server";
import { signIn } from "./support/signed-in";
import { resetFaultServer } from "./support/tablet";

/**
 * Money documents keyed offline against the real server (DESIGN section 4): expenses, incomes,
 * receipts and payments queued on a device show as pending under "P-<n>" and move the cashbox
 * balance the device shows at once; replayed through lost answers and 5xx they are booked exactly
 * once each; one the server refuses on replay ("Cashbox balance is not enough") needs attention
 * with that message, and discarding it gives the balance back.
 */

let fs: FaultServer;
let token: string;
let userId: number;
let w: SaleWorld;
let expenseType: number;
let incomeType: number;
let seq = 0;

const post = async <T>(url: string, body: Record<string, unknown>): Promise<T> => {
  const res = await fs.call(token, "POST", url, { ...body, form_token: formToken("setup") });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as T;
};

beforeAll(async () => {
  fs = await startFaultServer();
  ({ token, userId } = await signIn(fs, "admin"));
  w = await saleWorld(fs.t);
  expenseType = (await post<{ id: number }>("/api/accounting/expense-type/", { name: `Offline rent ${Date.now()}` })).id;
  incomeType = (await post<{ id: number }>("/api/accounting/income-type/", { name: `Offline fees ${Date.now()}` })).id;
});
afterAll(() => fs.close());
beforeEach(() => resetFaultServer(fs));

async function newCashbox(): Promise<number> {
  seq += 1;
  return (
    await post<{ id: number }>("/api/accounting/cashbox/", { name: `Offline box ${seq} ${Date.now()}`, branch: w.erbil, currency: w.iqd })
  ).id;
}

/** Money into a cashbox through an income booked online. */
const fund = (cashbox: number, amount: string) =>
  post("/api/accounting/income/", { branch: w.erbil, income_type: incomeType, cashbox, amount, input_date: "2026-11-20", note: "" });

const serverBalance = async (cashbox: number) =>
  ((await fs.call(token, "GET", `/api/accounting/cashbox/${cashbox}/`)).body as { balance: string }).balance;

/** A tablet: its database and outbox on the fault proxy, having read the cashbox balances at start-up. */
async function device(cashboxes: number[]) {
  const db = newDeviceDb();
  await db.setMeta("user_id", userId);
  let online = true;
  const outbox = fs.newOutbox(
    db,
    () => token,
    () => userId,
    { isOnline: () => online },
  );
  const readBalances = async () =>
    rememberCashboxBalances(db, await Promise.all(cashboxes.map(async (id) => ({ id, balance: await serverBalance(id) }))), Date.now());
  await readBalances();
  const shown = async (cashbox: number) => shownBalance(await readCashboxOverlay(db), cashbox);
  return { db, outbox, shown, readBalances, setOnline: (value: boolean) => (online = value) };
}

const queue = (outbox: Outbox, resource: OfflineMoneyResource, body: Record<string, unknown>) => {
  const full = { branch: w.erbil, input_date: "2026-11-21", note: "offline", ...body };
  return outbox.runCreate({ resource, body: full, localEffect: moneyDocumentEffects(resource, full) });
};

async function bookedByToken(table: string, tokens: string[]): Promise<number[]> {
  const rows = await queryRows<{ form_token: string; n: number }>(
    fs.t.db,
    sql`select form_token, count(*)::int as n from ${sql.identifier(table)} where form_token in (${sql.join(
      tokens.map((t) => sql`${t}`),
      sql`, `,
    )}) group by form_token`,
  );
  const counts = new Map(rows.map((r) => [r.form_token, r.n]));
  return tokens.map((t) => counts.get(t) ?? 0);
}

const tokenOf = async (db: OfflineDb, resource: string) =>
  (await db.outbox.toArray()).filter((e) => e.resource === resource).map((e) => String(e.body.form_token));

async function replayUntilEmpty(d: { db: OfflineDb; outbox: Outbox }, rounds = 10) {
  for (let i = 0; i < rounds && (await d.db.outbox.count()) > 0; i++) await d.outbox.replay({ force: true });
  expect(await d.db.outbox.count()).toBe(0);
}

describe("offline money documents against the real server", () => {
  it("queued offline: pending under P-numbers, the shown balance moves at once; replayed through faults, each booked once", async () => {
    const box = await newCashbox();
    await fund(box, "1000");
    const d = await device([box]);
    expect(await d.shown(box)).toBe("1000.00");

    d.setOnline(false);
    expect((await queue(d.outbox, "accounting/expense/", { expense_type: expenseType, cashbox: box, amount: "300" })).queued).toBe(true);
    expect((await queue(d.outbox, "accounting/income/", { income_type: incomeType, cashbox: box, amount: "50" })).queued).toBe(true);
    expect((await queue(d.outbox, "accounting/receipt/", { customer: w.cust.aram, cashbox: box, amount: "25" })).queued).toBe(true);
    expect(await d.shown(box)).toBe("775.00");
    const receipts = await pendingMoneyDocuments(d.db, "accounting/receipt/");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ invoice_no: "P-3", amount: "25", cashbox: box, status: "pending" });
    expect((await pendingMoneyDocuments(d.db, "accounting/expense/")).map((e) => e.invoice_no)).toEqual(["P-1"]);
    const tokens = {
      expense: await tokenOf(d.db, "accounting/expense/"),
      income: await tokenOf(d.db, "accounting/income/"),
      receipt: await tokenOf(d.db, "accounting/receipt/"),
    };

    d.setOnline(true);
    fs.faults = [{ kind: "drop-after-commit" }, { kind: "answer-after-commit", status: 502 }, { kind: "answer", status: 503 }];
    await replayUntilEmpty(d);
    expect(await bookedByToken("expense", tokens.expense)).toEqual([1]);
    expect(await bookedByToken("income", tokens.income)).toEqual([1]);
    expect(await bookedByToken("receipt", tokens.receipt)).toEqual([1]);
    expect(await serverBalance(box)).toBe("775.00");
    // Synced: nothing pending; the moves stay laid over the balance read before them, until the next reading.
    expect(await pendingMoneyDocuments(d.db, "accounting/receipt/")).toEqual([]);
    const overlay = await readCashboxOverlay(d.db);
    expect(overlay.pending.size).toBe(0);
    expect(await d.shown(box)).toBe("775.00");
    await d.readBalances();
    expect((await readCashboxOverlay(d.db)).settled).toEqual([]);
    expect(await d.shown(box)).toBe("775.00");
  });

  it("spent elsewhere meanwhile: the replayed payment needs attention with the server's message; discard gives the balance back", async () => {
    const box = await newCashbox();
    await fund(box, "100");
    const d = await device([box]);
    d.setOnline(false);
    const supplier = (
      await queryRows<{ id: number }>(
        fs.t.db,
        sql`select s.id from supplier s join supplier_branch sb on sb.supplier_id = s.id where sb.branch_id = ${w.erbil} order by s.id limit 1`,
      )
    )[0].id;
    expect((await queue(d.outbox, "accounting/payment/", { supplier, cashbox: box, amount: "80" })).queued).toBe(true);
    expect(await d.shown(box)).toBe("20.00");
    // The device refuses an expense above the balance it shows, as the server would.
    expect(await queue(d.outbox, "accounting/expense/", { expense_type: expenseType, cashbox: box, amount: "30" })).toMatchObject({
      queued: false,
      ok: false,
      status: 400,
      local: true,
      body: { message: MESSAGES.cashboxBalanceNotEnough },
    });

    // Another device spends from the same cashbox online.
    await post("/api/accounting/expense/", {
      branch: w.erbil,
      expense_type: expenseType,
      cashbox: box,
      amount: "60",
      input_date: "2026-11-21",
      note: "",
    });

    d.setOnline(true);
    expect(await d.outbox.replay({ force: true })).toMatchObject({ needsAttention: 1, sent: 0 });
    const [refused] = await pendingMoneyDocuments(d.db, "accounting/payment/");
    expect(refused).toMatchObject({ status: "needs_attention", message: MESSAGES.cashboxBalanceNotEnough });
    expect(await serverBalance(box)).toBe("40.00");

    await d.outbox.discard(refused.entry_id);
    expect(await pendingMoneyDocuments(d.db, "accounting/payment/")).toEqual([]);
    await d.readBalances();
    expect(await d.shown(box)).toBe("40.00");
  });
});
