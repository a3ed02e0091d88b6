import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { PendingRowEffect } from "./db";
import { Outbox } from "./outbox";
import { memoryLock } from "./replay-lock";
import { fakeTransport, freshDb, type Handler } from "./test-support";

const pending = (name: string, id = `local-${name}` as const): PendingRowEffect => ({
  kind: "pending-row",
  table: "customer",
  row: { id, name, branch_id: 1, deleted_at: null },
});

function setup(handler: Handler, options: { online?: boolean; userId?: number | null } = {}) {
  const db = freshDb();
  const transport = fakeTransport(handler);
  let online = options.online ?? true;
  let userId: number | null = options.userId === undefined ? 7 : options.userId;
  let unauthorized = 0;
  const outbox = new Outbox({
    db,
    transport,
    getUserId: () => userId,
    isOnline: () => online,
    lock: memoryLock,
    onUnauthorized: () => unauthorized++,
    backoffBaseMs: 1000,
  });
  return {
    db,
    transport,
    outbox,
    setOnline: (value: boolean) => (online = value),
    setUser: (value: number | null) => (userId = value),
    unauthorizedCount: () => unauthorized,
  };
}

let nextId = 100;
const created = (body: unknown) => ({ status: 201, body: { ...(body as object), id: ++nextId } });

describe("runCreate", () => {
  it("online: posts at once with a form_token of the user, and puts the server row in the cache", async () => {
    const t = setup((_m, _p, body) => created(body));
    const outcome = await t.outbox.runCreate({ resource: "customer/", body: { name: "Ali", branch: 1 }, localEffect: pending("Ali") });
    expect(outcome).toMatchObject({ queued: false, ok: true, status: 201 });
    expect(String((t.transport.calls[0].body as { form_token: string }).form_token)).toMatch(/^7-\d+-[0-9a-f-]{36}$/);
    expect(await t.db.outbox.count()).toBe(0);
    const rows = await t.db.ref("customer").toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Ali", branch_id: 1 });
    expect(typeof rows[0].id).toBe("number");
    expect(rows[0]._pending).toBeUndefined();
  });

  it("offline: queues with the local effect applied and sends nothing", async () => {
    const t = setup(
      () => {
        throw new Error("must not be called");
      },
      { online: false },
    );
    const outcome = await t.outbox.runCreate({ resource: "customer/", body: { name: "Sara" }, localEffect: pending("Sara") });
    expect(outcome).toMatchObject({ queued: true });
    const [entry] = await t.db.outbox.toArray();
    expect(entry).toMatchObject({ status: "pending", user_id: 7, resource: "customer/", effects_applied: true });
    expect(await t.db.ref("customer").get("local-Sara")).toMatchObject({ _pending: true, _outbox: entry.id });
  });

  it("a network failure queues the entry with the same form_token", async () => {
    const t = setup(() => "network");
    const outcome = await t.outbox.runCreate({ resource: "customer/", body: { name: "Net" }, localEffect: pending("Net") });
    expect(outcome.queued).toBe(true);
    const [entry] = await t.db.outbox.toArray();
    expect(entry.body.form_token).toBe((t.transport.calls[0].body as { form_token: string }).form_token);
    expect(entry.attempts).toBe(1);
    expect(entry.last_error).toMatch(/Network/);
  });

  it("a refusal is returned to the form and nothing stays queued", async () => {
    const t = setup(() => ({ status: 400, body: { name: ["This field is required"] } }));
    const outcome = await t.outbox.runCreate({ resource: "customer/", body: { name: "" }, localEffect: pending("x") });
    expect(outcome).toEqual({ queued: false, ok: false, status: 400, body: { name: ["This field is required"] } });
    expect(await t.db.outbox.count()).toBe(0);
    expect(await t.db.ref("customer").count()).toBe(0);
  });

  it("5xx, 409 and 401 queue the entry; 401 pauses replay", async () => {
    for (const status of [500, 503, 409, 429]) {
      const t = setup(() => ({ status, body: { message: "x" } }));
      expect((await t.outbox.runCreate({ resource: "customer/", body: { name: "R" } })).queued).toBe(true);
    }
    const t = setup(() => ({ status: 401, body: {} }));
    expect((await t.outbox.runCreate({ resource: "customer/", body: { name: "U" } })).queued).toBe(true);
    expect(t.outbox.isPaused).toBe(true);
    expect(t.unauthorizedCount()).toBe(1);
  });

  it("needs a signed-in user", async () => {
    const t = setup(() => created({}), { userId: null });
    await expect(t.outbox.runCreate({ resource: "customer/", body: {} })).rejects.toThrow(/signed-in/);
  });
});

describe("replay", () => {
  it("sends oldest first and reconciles each pending row with the server row", async () => {
    const t = setup((_m, _p, body) => created(body), { online: false });
    await t.outbox.runCreate({ resource: "customer/", body: { name: "A" }, localEffect: pending("A") });
    await t.outbox.runCreate({ resource: "customer/", body: { name: "B" }, localEffect: pending("B") });
    const report = await t.outbox.replay();
    expect(report).toMatchObject({ sent: 2, stoppedBy: null });
    expect(t.transport.calls.map((c) => (c.body as { name: string }).name)).toEqual(["A", "B"]);
    expect(await t.db.outbox.count()).toBe(0);
    const rows = await t.db.ref("customer").toArray();
    expect(rows.map((r) => r.name).sort()).toEqual(["A", "B"]);
    expect(rows.every((r) => typeof r.id === "number" && !r._pending)).toBe(true);
  });

  it("a refused entry needs attention and does not block later ones; discard undoes its row", async () => {
    const t = setup(
      (_m, _p, body) => ((body as { name: string }).name === "Bad" ? { status: 400, body: { message: "No" } } : created(body)),
      {
        online: false,
      },
    );
    await t.outbox.runCreate({ resource: "customer/", body: { name: "Bad" }, localEffect: pending("Bad") });
    await t.outbox.runCreate({ resource: "customer/", body: { name: "Good" }, localEffect: pending("Good") });
    const report = await t.outbox.replay();
    expect(report).toMatchObject({ sent: 1, needsAttention: 1 });
    const [entry] = await t.db.outbox.toArray();
    expect(entry).toMatchObject({ status: "needs_attention", server_message: { status: 400, body: { message: "No" } } });
    expect(await t.db.ref("customer").get("local-Bad")).toBeTruthy();
    // Later passes leave it alone until the user acts.
    await t.outbox.replay({ force: true });
    expect(t.transport.calls).toHaveLength(2);
    await t.outbox.discard(entry.id as number);
    expect(await t.db.outbox.count()).toBe(0);
    expect(await t.db.ref("customer").get("local-Bad")).toBeUndefined();
  });

  it("resend keeps the form_token and sends the corrected body", async () => {
    const t = setup(
      (_m, _p, body) => ((body as { name: string }).name === "" ? { status: 400, body: { name: ["Required"] } } : created(body)),
      {
        online: false,
      },
    );
    await t.outbox.runCreate({ resource: "customer/", body: { name: "" }, localEffect: pending("") });
    await t.outbox.replay();
    const [entry] = await t.db.outbox.toArray();
    const report = await t.outbox.resend(entry.id as number, { body: { name: "Fixed" } });
    expect(report.sent).toBe(1);
    const [first, second] = t.transport.calls.map((c) => c.body as { form_token: string; name: string });
    expect(second.form_token).toBe(first.form_token);
    expect(second.name).toBe("Fixed");
  });

  it("pending entries cannot be discarded (they may be booked already)", async () => {
    const t = setup(() => "network", { online: false });
    const outcome = await t.outbox.runCreate({ resource: "customer/", body: { name: "Keep" } });
    await expect(t.outbox.discard((outcome as { entryId: number }).entryId)).rejects.toThrow(/refused/);
  });

  it("a network failure stops the pass and backs off; force ignores the backoff", async () => {
    let up = false;
    const t = setup((_m, _p, body) => (up ? created(body) : "network"), { online: false });
    await t.outbox.runCreate({ resource: "customer/", body: { name: "A" } });
    await t.outbox.runCreate({ resource: "customer/", body: { name: "B" } });
    expect(await t.outbox.replay()).toMatchObject({ stoppedBy: "network", sent: 0 });
    expect(t.transport.calls).toHaveLength(1);
    // Both went out in one batch that got no answer: both back off.
    expect(await t.outbox.replay()).toMatchObject({ waiting: 2, sent: 0 });
    up = true;
    expect(await t.outbox.replay({ force: true })).toMatchObject({ sent: 2 });
  });

  it("5xx and 409 are retried later, 401 stops everything until resume", async () => {
    let status = 503;
    const t = setup((_m, _p, body) => (status === 201 ? created(body) : { status, body: { message: "x" } }), { online: false });
    await t.outbox.runCreate({ resource: "customer/", body: { name: "A" } });
    expect(await t.outbox.replay()).toMatchObject({ retryLater: 1 });
    status = 409;
    expect(await t.outbox.replay({ force: true })).toMatchObject({ retryLater: 1 });
    status = 401;
    expect(await t.outbox.replay({ force: true })).toMatchObject({ stoppedBy: "unauthorized" });
    status = 201;
    expect(await t.outbox.replay({ force: true })).toMatchObject({ stoppedBy: "paused" });
    expect(await t.db.outbox.count()).toBe(1);
    expect(await t.outbox.resume()).toMatchObject({ sent: 1 });
    expect(await t.db.outbox.toArray()).toEqual([]);
  });

  it("replays only the signed-in user's entries", async () => {
    const t = setup((_m, _p, body) => created(body), { online: false });
    await t.outbox.runCreate({ resource: "customer/", body: { name: "Seven" } });
    t.setUser(8);
    await t.outbox.runCreate({ resource: "customer/", body: { name: "Eight" } });
    await t.outbox.replay();
    expect(t.transport.calls.map((c) => (c.body as { name: string }).name)).toEqual(["Eight"]);
    expect((await t.db.outbox.toArray()).map((e) => e.user_id)).toEqual([7]);
  });

  it("is single-flight: concurrent calls join one pass", async () => {
    const t = setup(
      async (_m, _p, body) => {
        await new Promise((r) => setTimeout(r, 10));
        return created(body);
      },
      { online: false },
    );
    await t.outbox.runCreate({ resource: "customer/", body: { name: "Once" } });
    await Promise.all([t.outbox.replay(), t.outbox.replay(), t.outbox.replay()]);
    expect(t.transport.calls).toHaveLength(1);
  });

  it("an entry referring to a record made offline waits for it, then gets its server id", async () => {
    const t = setup((_m, path, body) => created(body), { online: false });
    const customer = pending("Dep", "local-dep");
    await t.outbox.runCreate({ resource: "customer/", body: { name: "Dep" }, localEffect: customer });
    await t.outbox.runCreate({ resource: "sale/", body: { customer: "local-dep" } });
    const report = await t.outbox.replay();
    expect(report.sent).toBe(2);
    const customerId = (await t.db.local_key.get("local-dep"))?.server_id;
    expect(typeof customerId).toBe("number");
    expect(t.transport.calls[1].body).toMatchObject({ customer: customerId });
  });

  it("a refused dependency makes its dependants wait; discarding it makes them need attention", async () => {
    const t = setup((_m, path, body) => (path === "customer/" ? { status: 400, body: { message: "No" } } : created(body)), {
      online: false,
    });
    await t.outbox.runCreate({ resource: "customer/", body: { name: "Dep" }, localEffect: pending("Dep", "local-dep2") });
    await t.outbox.runCreate({ resource: "sale/", body: { customer: "local-dep2" } });
    expect(await t.outbox.replay()).toMatchObject({ needsAttention: 1, waiting: 1 });
    const [dep] = await t.db.outbox.toArray();
    // Blocked entries are looked at again later, not in a busy loop.
    expect(await t.outbox.replay()).toMatchObject({ waiting: 1, needsAttention: 0 });
    await t.outbox.discard(dep.id as number);
    expect(await t.outbox.replay({ force: true })).toMatchObject({ needsAttention: 1 });
    expect(t.transport.calls).toHaveLength(1);
  });

  it("a 'sending' entry left by a dead tab is replayed after the grace period with its effects", async () => {
    const t = setup((_m, _p, body) => created(body));
    const db = t.db;
    await db.outbox.add({
      user_id: 7,
      resource: "customer/",
      body: { name: "Orphan", form_token: "7-1-x" },
      created_at: Date.now() - 120_000,
      status: "sending",
      attempts: 0,
      next_attempt_at: Date.now() + 60_000,
      last_error: null,
      server_message: null,
      effects: [pending("Orphan")],
      effects_applied: false,
    });
    expect(await t.outbox.replay({ force: true })).toMatchObject({ waiting: 1, sent: 0 });
    await db.outbox.toCollection().modify({ next_attempt_at: Date.now() - 1 });
    expect(await t.outbox.replay()).toMatchObject({ sent: 1 });
    expect((await db.ref("customer").toArray()).map((r) => r.name)).toEqual(["Orphan"]);
  });
});

describe("replay in batches (sync/replay/)", () => {
  const named = (calls: { body: unknown }[]) => calls.map((c) => (c.body as { name: string }).name);
  const queueCustomers = async (t: ReturnType<typeof setup>, names: string[]) => {
    for (const name of names) await t.outbox.runCreate({ resource: "customer/", body: { name }, localEffect: pending(name) });
  };

  it("sends the waiting entries in order, in batches of at most batchMax, and applies each answer", async () => {
    const db = freshDb();
    const transport = fakeTransport((_m, _p, body) => created(body));
    const outbox = new Outbox({ db, transport, getUserId: () => 7, isOnline: () => false, lock: memoryLock, batchMax: 3 });
    const names = ["A", "B", "C", "D", "E", "F", "G"];
    for (const name of names) await outbox.runCreate({ resource: "customer/", body: { name }, localEffect: pending(name) });
    expect(await outbox.replay()).toMatchObject({ sent: 7, stoppedBy: null });
    expect(transport.batches.map(named)).toEqual([["A", "B", "C"], ["D", "E", "F"], ["G"]]);
    expect(await db.outbox.count()).toBe(0);
    const rows = await db.ref("customer").toArray();
    expect(rows.map((r) => r.name).sort()).toEqual(names);
    expect(rows.every((r) => typeof r.id === "number" && !r._pending)).toBe(true);
  });

  it("an entry refused in the middle needs attention; the ones around it are booked", async () => {
    const t = setup(
      (_m, _p, body) => ((body as { name: string }).name === "Bad" ? { status: 400, body: { name: ["No"] } } : created(body)),
      {
        online: false,
      },
    );
    await queueCustomers(t, ["A", "Bad", "C"]);
    expect(await t.outbox.replay()).toMatchObject({ sent: 2, needsAttention: 1 });
    expect(t.transport.batches.map(named)).toEqual([["A", "Bad", "C"]]);
    const [entry] = await t.db.outbox.toArray();
    expect(entry).toMatchObject({ status: "needs_attention", server_message: { status: 400, body: { name: ["No"] } } });
    expect(await t.db.ref("customer").get("local-Bad")).toMatchObject({ _pending: true });
  });

  it("a 409 or 5xx stops the server's batch: that entry backs off, the ones not attempted go on in the next batch", async () => {
    const t = setup(
      (_m, _p, body) => ((body as { name: string }).name === "Busy" ? { status: 409, body: { message: "x" } } : created(body)),
      {
        online: false,
      },
    );
    await queueCustomers(t, ["A", "Busy", "C", "D"]);
    expect(await t.outbox.replay()).toMatchObject({ sent: 3, retryLater: 1 });
    expect(t.transport.batches.map(named)).toEqual([
      ["A", "Busy", "C", "D"],
      ["C", "D"],
    ]);
    const [busy] = await t.db.outbox.toArray();
    expect(busy).toMatchObject({ status: "pending", attempts: 1 });
    expect(busy.next_attempt_at).toBeGreaterThan(Date.now());
  });

  it("a batch whose answer is lost mid-way is sent again and booked once (the server answers the booked ones from its record)", async () => {
    // A server with an idempotency store: the same form_token gets its first answer back.
    const booked = new Map<string, { status: number; body: unknown }>();
    let cut = true;
    const t = setup(
      (_m, _p, body) => {
        const { form_token: token, name } = body as { form_token: string; name: string };
        const first = booked.get(token);
        if (first) return first;
        if (name === "C" && cut) {
          cut = false;
          return "network";
        }
        const answer = created(body);
        booked.set(token, answer);
        return answer;
      },
      { online: false },
    );
    await queueCustomers(t, ["A", "B", "C", "D"]);
    expect(await t.outbox.replay()).toMatchObject({ stoppedBy: "network", sent: 0 });
    expect(await t.db.outbox.count()).toBe(4);
    expect(booked.size).toBe(2);
    expect(await t.outbox.replay({ force: true })).toMatchObject({ sent: 4, stoppedBy: null });
    expect(booked.size).toBe(4);
    expect(await t.db.outbox.count()).toBe(0);
    const rows = await t.db.ref("customer").toArray();
    expect(rows.map((r) => r.name).sort()).toEqual(["A", "B", "C", "D"]);
    // A and B reconciled with the very rows the first attempt booked.
    expect(rows.find((r) => r.name === "A")?.id).toBe((booked.values().next().value?.body as { id: number }).id);
  });

  it("an entry referring to a record made in the same pass waits for its batch's answer, then goes with its server id", async () => {
    const t = setup((_m, _p, body) => created(body), { online: false });
    await t.outbox.runCreate({ resource: "customer/", body: { name: "Dep" }, localEffect: pending("Dep", "local-batch-dep") });
    await t.outbox.runCreate({ resource: "customer/", body: { name: "Other" }, localEffect: pending("Other") });
    await t.outbox.runCreate({ resource: "sale/", body: { name: "Sale", customer: "local-batch-dep" } });
    expect(await t.outbox.replay()).toMatchObject({ sent: 3 });
    const customerId = (await t.db.local_key.get("local-batch-dep"))?.server_id;
    expect(t.transport.batches.map(named)).toEqual([["Dep", "Other"], ["Sale"]]);
    expect(t.transport.batches[1][0].body).toMatchObject({ customer: customerId });
  });

  it("an entry the batch route does not take is sent alone, in its place", async () => {
    const t = setup((_m, _p, body) => created(body), { online: false });
    await queueCustomers(t, ["A"]);
    await t.outbox.runCreate({ resource: "user/", body: { name: "Online only" } });
    await queueCustomers(t, ["C"]);
    expect(await t.outbox.replay()).toMatchObject({ sent: 3 });
    expect(t.transport.calls.map((c) => c.path)).toEqual(["customer/", "user/", "customer/"]);
    expect(t.transport.batches.map(named)).toEqual([["A"], ["C"]]);
  });

  it("a server without the batch route (404): the batch's entries go one by one, none needs attention", async () => {
    const db = freshDb();
    const transport = fakeTransport((_m, _p, body) => created(body), {
      batchStatus: () => ({ status: 404, body: { message: "Not found." } }),
    });
    const outbox = new Outbox({ db, transport, getUserId: () => 7, isOnline: () => false, lock: memoryLock });
    for (const name of ["A", "B"]) await outbox.runCreate({ resource: "customer/", body: { name }, localEffect: pending(name) });
    expect(await outbox.replay()).toMatchObject({ sent: 2, needsAttention: 0 });
    expect(named(transport.calls)).toEqual(["A", "B"]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("a 5xx answer to the whole batch backs every entry off; a 2xx that is no batch answer counts as no answer", async () => {
    let envelope: { status: number; body: unknown } | null = { status: 502, body: "Bad gateway" };
    const db = freshDb();
    const transport = fakeTransport((_m, _p, body) => created(body), { batchStatus: () => envelope });
    const outbox = new Outbox({ db, transport, getUserId: () => 7, isOnline: () => false, lock: memoryLock });
    for (const name of ["A", "B"]) await outbox.runCreate({ resource: "customer/", body: { name } });
    expect(await outbox.replay()).toMatchObject({ retryLater: 2, sent: 0 });
    envelope = { status: 200, body: "<html>captive portal</html>" };
    expect(await outbox.replay({ force: true })).toMatchObject({ stoppedBy: "network", sent: 0 });
    expect((await db.outbox.toArray()).map((e) => e.attempts)).toEqual([2, 2]);
    envelope = null;
    expect(await outbox.replay({ force: true })).toMatchObject({ sent: 2 });
  });
});
