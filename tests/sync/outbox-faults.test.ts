import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { OfflineDb, PendingRowEffect } from "../../src/web/offline/db";
import type { Outbox } from "../../src/web/offline/outbox";
import { memoryLock } from "../../src/web/offline/replay-lock";
import { json, type Created } from "../api/support/json";
import { newDeviceDb, startFaultServer, type FaultServer } from "./support/fault-server";
import { signIn } from "./support/signed-in";
import { resetFaultServer } from "./support/tablet";

/**
 * Fault injection: the real outbox (fake-indexeddb, Node fetch) against the real server on
 * loopback. After every case each entry is booked exactly once on the server and nothing is lost
 * (the outbox is empty, or holds exactly what still waits).
 */

let fs: FaultServer;
let token: string;
let userId: number;
let branch: number;

beforeAll(async () => {
  fs = await startFaultServer();
  ({ token, userId, branch } = await signIn(fs, "cashier"));
});
afterAll(() => fs.close());
beforeEach(() => resetFaultServer(fs));

let seq = 0;
const unique = (label: string) => `${label} ${Date.now()}-${++seq}`;

function device(options: { online?: boolean; db?: OfflineDb; lock?: typeof memoryLock; now?: () => number; batchMax?: number } = {}) {
  const db = options.db ?? newDeviceDb();
  let online = options.online ?? true;
  let unauthorized = 0;
  const outbox = fs.newOutbox(
    db,
    () => token,
    () => userId,
    {
      isOnline: () => online,
      onUnauthorized: () => unauthorized++,
      ...(options.lock ? { lock: options.lock } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.batchMax ? { batchMax: options.batchMax } : {}),
    },
  );
  return { db, outbox, setOnline: (v: boolean) => (online = v), unauthorizedCount: () => unauthorized };
}

const customerEffect = (name: string): PendingRowEffect => ({
  kind: "pending-row",
  table: "customer",
  row: { id: `local-${crypto.randomUUID()}`, name, branch_id: branch, deleted_at: null },
});

const createCustomer = (outbox: Outbox, name: string) =>
  outbox.runCreate({ resource: "customer/", body: { name, branch }, localEffect: customerEffect(name) });

async function expectBookedOnce(names: string[]) {
  for (const name of names) expect(await fs.countNamed("customer", name), name).toBe(1);
}

describe("outbox against the real server", () => {
  it("a response lost after the commit: the replay gets the first answer, one record", async () => {
    const d = device();
    const name = unique("Lost answer");
    fs.faults = [{ kind: "drop-after-commit" }];
    const outcome = await createCustomer(d.outbox, name);
    expect(outcome.queued).toBe(true);
    expect(await fs.countNamed("customer", name)).toBe(1);
    const [pendingRow] = await d.db.ref("customer").toArray();
    expect(pendingRow).toMatchObject({ name, _pending: true });

    const report = await d.outbox.replay({ force: true });
    expect(report.sent).toBe(1);
    expect(await d.db.outbox.count()).toBe(0);
    await expectBookedOnce([name]);
    const rows = await d.db.ref("customer").toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: await fs.idNamed("customer", name), name });
    expect(rows[0]._pending).toBeUndefined();
  });

  it("the same entry sent twice, and concurrently from two replayers without the lock, is booked once", async () => {
    const name = unique("Twice");
    const shared = newDeviceDb();
    const noLock: typeof memoryLock = async (_name, work) => ({ acquired: true, value: await work() });
    const a = device({ db: shared, online: false, lock: noLock });
    await createCustomer(a.outbox, name);
    const b = device({ db: newDeviceDb(shared.name), lock: noLock });
    const entry = (await shared.outbox.toArray())[0];
    // Twice in a row from outside the outbox, as a stuck proxy would resend it.
    const first = await fs.call(token, "POST", "/api/customer/", entry.body);
    const again = await fs.call(token, "POST", "/api/customer/", entry.body);
    expect(first.status).toBe(201);
    expect(again).toEqual(first);
    // And concurrently from two replayers (no lock between them).
    const reports = await Promise.all([a.outbox.replay({ force: true }), b.outbox.replay({ force: true })]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(1);
    await a.outbox.replay({ force: true });
    expect(await shared.outbox.count()).toBe(0);
    await expectBookedOnce([name]);
  });

  it("ten concurrent sends of one entry: 201 or 409, one id, one record", async () => {
    const name = unique("Concurrent");
    const body = { name, branch, form_token: `${userId}-${Date.now()}-${crypto.randomUUID()}` };
    const answers = await Promise.all(Array.from({ length: 10 }, () => fs.call(token, "POST", "/api/customer/", body)));
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(new Set(answers.filter((a) => a.status === 201).map((a) => json<Created>(a).id)).size).toBe(1);
    await expectBookedOnce([name]);
  });

  it("two tabs replay at once: the lock keeps one replayer, every entry booked once", async () => {
    const tab1 = device({ online: false });
    const tab2 = device({ db: newDeviceDb(tab1.db.name) });
    const names = Array.from({ length: 20 }, (_, i) => unique(`Tab ${i}`));
    for (const name of names) await createCustomer(tab1.outbox, name);
    const [r1, r2] = await Promise.all([tab1.outbox.replay({ force: true }), tab2.outbox.replay({ force: true })]);
    expect([r1.acquired, r2.acquired].sort()).toEqual([false, true]);
    expect(r1.sent + r2.sent).toBe(20);
    // One replayer: the twenty went out once, in one batch (sync/replay/).
    expect(fs.posts).toBe(1);
    expect(await tab1.db.outbox.count()).toBe(0);
    await expectBookedOnce(names);
    expect(
      await tab2.db
        .ref("customer")
        .filter((r) => r._pending === true)
        .count(),
    ).toBe(0);
  });

  it("the server restarts mid-replay: the replay resumes on the new process, nothing twice", async () => {
    // One entry per request, so "the fourth request" is the fourth entry.
    const d = device({ online: false, batchMax: 1 });
    const names = Array.from({ length: 8 }, (_, i) => unique(`Restart ${i}`));
    for (const name of names) await createCustomer(d.outbox, name);
    // The fourth request is committed, then the server goes down before answering.
    fs.faults = [{ kind: "pass" }, { kind: "pass" }, { kind: "pass" }, { kind: "drop-after-commit" }];
    fs.afterPost = async (index) => {
      if (index === 4) await fs.stop();
    };
    const first = await d.outbox.replay({ force: true });
    expect(first.stoppedBy).toBe("network");
    expect(first.sent).toBe(3);
    // The down server refuses connections: still network, nothing lost.
    expect((await d.outbox.replay({ force: true })).stoppedBy).toBe("network");
    expect(await d.db.outbox.count()).toBe(5);

    fs.afterPost = null;
    await fs.restart();
    const second = await d.outbox.replay({ force: true });
    expect(second).toMatchObject({ sent: 5, stoppedBy: null });
    expect(await d.db.outbox.count()).toBe(0);
    await expectBookedOnce(names);
  });

  it("the token expires mid-replay: 401 keeps the outbox, replay resumes after signing in again", async () => {
    const d = device({ online: false, batchMax: 1 });
    const names = Array.from({ length: 6 }, (_, i) => unique(`Expired ${i}`));
    for (const name of names) await createCustomer(d.outbox, name);
    const expiring = token;
    fs.afterPost = async (index) => {
      if (index === 3) await fs.call(expiring, "POST", "/api/logout/");
    };
    const first = await d.outbox.replay({ force: true });
    expect(first).toMatchObject({ sent: 3, stoppedBy: "unauthorized" });
    expect(d.unauthorizedCount()).toBe(1);
    expect(d.outbox.isPaused).toBe(true);
    expect(await d.outbox.replay({ force: true })).toMatchObject({ stoppedBy: "paused", sent: 0 });
    expect(await d.db.outbox.count()).toBe(3);
    fs.afterPost = null;

    token = await fs.login("cashier");
    const resumed = await d.outbox.resume();
    expect(resumed).toMatchObject({ sent: 3, stoppedBy: null });
    expect(await d.db.outbox.count()).toBe(0);
    await expectBookedOnce(names);
  });

  it("a 401 to a session that ended while the call was on its way neither pauses the outbox nor signs the new one out", async () => {
    const d = device({ online: false, batchMax: 1 });
    const names = [unique("Handover 0"), unique("Handover 1")];
    for (const name of names) await createCustomer(d.outbox, name);
    const ended = token;
    // The first call has left with the old token; before the server reads it, that session ends and
    // the same cashier signs in again (a tablet handed over on a slow link).
    fs.beforePost = async (index) => {
      if (index !== 1) return;
      await fs.call(ended, "POST", "/api/logout/");
      token = await fs.login("cashier");
    };
    const first = await d.outbox.replay({ force: true });
    expect(first).toMatchObject({ sent: 0, stoppedBy: "network" });
    expect(d.unauthorizedCount()).toBe(0);
    expect(d.outbox.isPaused).toBe(false);
    expect(await d.db.outbox.count()).toBe(2);
    fs.beforePost = null;

    expect(await d.outbox.replay({ force: true })).toMatchObject({ sent: 2, stoppedBy: null });
    expect(await d.db.outbox.count()).toBe(0);
    await expectBookedOnce(names);
  });

  it("a 4xx needs attention with the server's message; discard undoes the local row; resend books once", async () => {
    const d = device({ online: false });
    const good = unique("Good after bad");
    await d.outbox.runCreate({ resource: "customer/", body: { name: "", branch }, localEffect: customerEffect("") });
    await createCustomer(d.outbox, good);
    const fixed = unique("Corrected");
    await d.outbox.runCreate({ resource: "customer/", body: { name: "", branch }, localEffect: customerEffect("") });

    const report = await d.outbox.replay({ force: true });
    expect(report).toMatchObject({ sent: 1, needsAttention: 2 });
    await expectBookedOnce([good]);
    const [bad1, bad2] = await d.db.outbox.orderBy("id").toArray();
    expect(bad1.status).toBe("needs_attention");
    expect(bad1.server_message).toMatchObject({ status: 400, body: { name: [expect.any(String)] } });
    expect(
      await d.db
        .ref("customer")
        .where("_outbox")
        .equals(bad1.id as number)
        .count(),
    ).toBe(1);

    await d.outbox.discard(bad1.id as number);
    expect(
      await d.db
        .ref("customer")
        .where("_outbox")
        .equals(bad1.id as number)
        .count(),
    ).toBe(0);

    const resent = await d.outbox.resend(bad2.id as number, { body: { name: fixed, branch } });
    expect(resent.sent).toBe(1);
    expect(await d.db.outbox.count()).toBe(0);
    await expectBookedOnce([fixed]);
  });

  it("5xx (before and after the commit) and 409 are retried until booked once", async () => {
    const d = device({ online: false });
    const name = unique("Flaky");
    await createCustomer(d.outbox, name);
    fs.faults = [
      { kind: "answer", status: 503 },
      { kind: "answer-after-commit", status: 502 },
      { kind: "answer", status: 409, body: { message: "This form is still being processed" } },
      { kind: "answer-after-commit", status: 500 },
    ];
    for (let i = 0; i < 4; i++) {
      expect(await d.outbox.replay({ force: true })).toMatchObject({ retryLater: 1, sent: 0 });
      expect(await d.db.outbox.count()).toBe(1);
    }
    const [entry] = await d.db.outbox.toArray();
    expect(entry.attempts).toBe(4);
    expect(entry.next_attempt_at).toBeGreaterThan(Date.now());
    expect(await d.outbox.replay({ force: true })).toMatchObject({ sent: 1 });
    expect(await d.db.outbox.count()).toBe(0);
    await expectBookedOnce([name]);
  });

  it("an entry seven days old is still answered with its first response", async () => {
    const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
    const old = device({ now: () => weekAgo });
    const name = unique("Week old");
    fs.faults = [{ kind: "drop-after-commit" }];
    expect((await createCustomer(old.outbox, name)).queued).toBe(true);
    // The server's record of the token ages as well.
    await fs.t.db.execute(
      sql`update idempotency_record set created_at = now() - interval '7 days', updated_at = now() - interval '7 days' where user_id = ${userId}`,
    );
    const [entry] = await old.db.outbox.toArray();
    expect(entry.created_at).toBe(weekAgo);
    expect(String(entry.body.form_token)).toContain(`-${weekAgo}-`);

    const today = device({ db: newDeviceDb(old.db.name) });
    expect(await today.outbox.replay({ force: true })).toMatchObject({ sent: 1 });
    expect(await today.db.outbox.count()).toBe(0);
    await expectBookedOnce([name]);
  });

  it("online creates go straight through; offline ones wait and sync once when back", async () => {
    const d = device();
    const online = unique("Straight");
    expect(await createCustomer(d.outbox, online)).toMatchObject({ queued: false, ok: true, status: 201 });
    d.setOnline(false);
    const offline = unique("Later");
    expect((await createCustomer(d.outbox, offline)).queued).toBe(true);
    expect(await fs.countNamed("customer", offline)).toBe(0);
    d.setOnline(true);
    expect(await d.outbox.replay()).toMatchObject({ sent: 1 });
    await expectBookedOnce([online, offline]);
  });

  it("a batch run by the server whose answer is lost, then the server restarts: the batch is resent, each booked once", async () => {
    const d = device({ online: false, batchMax: 4 });
    const names = Array.from({ length: 10 }, (_, i) => unique(`Batch lost ${i}`));
    for (const name of names) await createCustomer(d.outbox, name);
    // The second batch (entries 5 to 8) is committed, then the server goes down before answering.
    fs.faults = [{ kind: "pass" }, { kind: "drop-after-commit" }];
    fs.afterPost = async (index) => {
      if (index === 2) await fs.stop();
    };
    const first = await d.outbox.replay({ force: true });
    expect(first).toMatchObject({ sent: 4, stoppedBy: "network" });
    expect(await d.db.outbox.count()).toBe(6);
    for (const name of names.slice(4, 8)) expect(await fs.countNamed("customer", name)).toBe(1);

    fs.afterPost = null;
    await fs.restart();
    fs.posts = 0;
    expect(await d.outbox.replay({ force: true })).toMatchObject({ sent: 6, stoppedBy: null });
    expect(fs.posts).toBe(2);
    expect(await d.db.outbox.count()).toBe(0);
    await expectBookedOnce(names);
    expect(
      await d.db
        .ref("customer")
        .filter((r) => r._pending === true)
        .count(),
    ).toBe(0);
  });
});
