import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "./db";
import { Outbox } from "./outbox";
import {
  BUSINESS_ID_SETTING,
  buildOutboxFile,
  entriesToLoad,
  outboxFileName,
  parseOutboxFile,
  serializeOutboxFile,
  type OutboxFile,
} from "./outbox-file";
import { cachedBusinessId, loadOutboxFile, outboxFileOf } from "./outbox-file-store";
import { memoryLock } from "./replay-lock";
import { fakeTransport, freshDb, type Handler } from "./test-support";

const SERVER = "https://shop.example";
const BUSINESS = "5f0c3a52-8d1e-4c7b-9a61-2f4e8b7d9c10";
const OTHER_BUSINESS = "0b7e2d14-3c5a-4f69-8e12-7a9d6c4b1e83";
const HERE = { business: BUSINESS, server: SERVER };
const origin = { business: BUSINESS, server: SERVER, user: { id: 7, username: "cashier" }, device: "tablet-1" };

/** A server that books each form_token once and answers a replay with the first answer, as idempotency.ts does. */
function bookingServer() {
  const booked = new Map<string, { status: number; body: unknown }>();
  let nextId = 500;
  const handler: Handler = (_method, path, body) => {
    const token = (body as { form_token: string }).form_token;
    const first = booked.get(token);
    if (first) return first;
    const answer = { status: 201, body: { ...(body as object), id: ++nextId, path } };
    booked.set(token, answer);
    return answer;
  };
  return { booked, handler };
}

function device(userId: number, handler: Handler, online = false) {
  const db = freshDb();
  let isOnline = online;
  const outbox = new Outbox({ db, transport: fakeTransport(handler), getUserId: () => userId, isOnline: () => isOnline, lock: memoryLock });
  return { db, outbox, goOnline: () => (isOnline = true) };
}

const sale = (note: string) => ({
  resource: "sale/",
  body: { branch: 1, customer: 3, items: [], note },
  localEffect: { kind: "pending-doc" as const, doc: "sale", number: null },
});

/** Device one: two sales keyed offline, saved to a file as the user signs out. */
async function savedFile(): Promise<OutboxFile> {
  const one = device(7, () => "network");
  await one.outbox.runCreate(sale("first"));
  await one.outbox.runCreate(sale("second"));
  const file = await outboxFileOf(one.db, { business: BUSINESS, server: SERVER, user: origin.user });
  if (!file) throw new Error("no file");
  return JSON.parse(serializeOutboxFile(file)) as OutboxFile;
}

describe("the file of unsynced documents", () => {
  it("holds the format, the business, the user, the device and each entry with its form_token", async () => {
    const file = await savedFile();
    expect(file).toMatchObject({
      format: "backoffice-unsynced-documents",
      version: 2,
      business: BUSINESS,
      server: SERVER,
      user: origin.user,
    });
    expect(file.device).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.entries.map((e) => [e.resource, e.body.note])).toEqual([
      ["sale/", "first"],
      ["sale/", "second"],
    ]);
    expect(file.entries.every((e) => /^7-\d+-/.test(e.body.form_token))).toBe(true);
    expect(outboxFileName(file)).toMatch(/^unsynced-cashier-\d{12}\.json$/);
  });

  it("nothing waiting: no file", async () => {
    const one = device(7, () => "network");
    expect(await outboxFileOf(one.db, { business: BUSINESS, server: SERVER, user: origin.user })).toBeNull();
  });

  it("gives the other device the server ids this one knows for records made offline", async () => {
    const one = device(7, () => "network");
    await one.db.local_key.put({ key: "local-abc", table: "customer", server_id: 42 });
    await one.outbox.runCreate({ resource: "sale/", body: { customer: "local-abc", items: [] } });
    const file = await outboxFileOf(one.db, { business: BUSINESS, server: SERVER, user: origin.user });
    expect(file?.entries[0].body.customer).toBe(42);
  });
});

describe("reading a file", () => {
  it("refuses a file of another business, a damaged one, a newer version's and an empty one", async () => {
    const text = serializeOutboxFile(await savedFile());
    expect(parseOutboxFile(text, HERE).ok).toBe(true);
    expect(parseOutboxFile(text, { business: OTHER_BUSINESS, server: SERVER })).toEqual({ ok: false, reason: "other-business" });
    for (const bad of ["", "not json", "[]", "{}", text.slice(0, text.length / 2), JSON.stringify({ ...JSON.parse(text), entries: "x" })])
      expect(parseOutboxFile(bad, HERE)).toEqual({ ok: false, reason: "malformed" });
    const parsed = JSON.parse(text) as OutboxFile;
    const withEntry = (entry: unknown) => JSON.stringify({ ...parsed, entries: [entry] });
    for (const entry of [
      { ...parsed.entries[0], resource: "../user/" },
      { ...parsed.entries[0], resource: "sale/?x=1" },
      { ...parsed.entries[0], body: { note: "no token" } },
      { ...parsed.entries[0], effects: [{ kind: "drop-table" }] },
      { ...parsed.entries[0], created_at: "yesterday" },
    ])
      expect(parseOutboxFile(withEntry(entry), HERE)).toEqual({ ok: false, reason: "malformed" });
    for (const business of [42, "", { id: BUSINESS }])
      expect(parseOutboxFile(JSON.stringify({ ...parsed, business }), HERE)).toEqual({ ok: false, reason: "malformed" });
    expect(parseOutboxFile(JSON.stringify({ ...parsed, version: 3 }), HERE)).toEqual({ ok: false, reason: "newer-version" });
    expect(parseOutboxFile(JSON.stringify({ ...parsed, entries: [] }), HERE)).toEqual({ ok: false, reason: "empty" });
  });

  it("knows the business by its id: another business at the same address is refused, the same one at a new address loads", async () => {
    const text = serializeOutboxFile(await savedFile());
    // Two businesses on one machine, both at localhost.
    expect(parseOutboxFile(text, { business: OTHER_BUSINESS, server: SERVER })).toEqual({ ok: false, reason: "other-business" });
    // The business moved (a new address, a tunnel): still its file.
    const moved = parseOutboxFile(text, { business: BUSINESS, server: "https://tunnel.example" });
    expect(moved.ok && moved.file.business).toBe(BUSINESS);
  });

  it("a file saved before the business id (version 1) still loads, checked by the server's address", async () => {
    const { business: _business, ...rest } = await savedFile();
    const older = JSON.stringify({ ...rest, version: 1 });
    const loaded = parseOutboxFile(older, HERE);
    expect(loaded.ok && loaded.file).toMatchObject({ version: 1, business: null, server: SERVER });
    expect(parseOutboxFile(older, { business: BUSINESS, server: "https://other.example" })).toEqual({
      ok: false,
      reason: "other-business",
    });
    // A business id a version 1 file happens to carry is not read: the address decides.
    expect(parseOutboxFile(JSON.stringify({ ...rest, version: 1, business: OTHER_BUSINESS }), HERE).ok).toBe(true);
  });

  it("a device or a file that does not know the business id falls back to the server's address", async () => {
    const file = await savedFile();
    const text = serializeOutboxFile(file);
    expect(parseOutboxFile(text, { business: null, server: SERVER }).ok).toBe(true);
    expect(parseOutboxFile(text, { business: null, server: "https://other.example" })).toEqual({ ok: false, reason: "other-business" });
    const unknown = JSON.stringify({ ...file, business: null });
    expect(parseOutboxFile(unknown, { business: OTHER_BUSINESS, server: SERVER }).ok).toBe(true);
    expect(parseOutboxFile(unknown, { business: BUSINESS, server: "https://other.example" })).toEqual({
      ok: false,
      reason: "other-business",
    });
  });

  it("the device reads the business id from the settings it pulled", async () => {
    const db = freshDb();
    expect(await cachedBusinessId(db)).toBeNull();
    await db.ref("setting").bulkPut([
      { id: 1, key: "batch_number", value: "1" },
      { id: 2, key: BUSINESS_ID_SETTING, value: BUSINESS },
    ]);
    expect(await cachedBusinessId(db)).toBe(BUSINESS);
  });

  it("skips the form_tokens already known and a token twice in one file", () => {
    const entry: OutboxEntry = {
      user_id: 7,
      resource: "sale/",
      body: { form_token: "7-1-a" },
      created_at: 1,
      status: "pending",
      attempts: 0,
      next_attempt_at: 0,
      last_error: null,
      server_message: null,
      effects: [{ kind: "pending-doc", doc: "sale", number: "P-3" }],
      effects_applied: true,
    };
    const other = { ...entry, body: { form_token: "7-1-b" } };
    const file = buildOutboxFile(origin, [entry, other, entry], new Date(0));
    const fresh = entriesToLoad(file, 9, new Set(["7-1-b"]), 1000);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ user_id: 9, status: "pending", next_attempt_at: 1000, attempts: 0 });
    expect(fresh[0].effects).toEqual([{ kind: "pending-doc", doc: "sale", number: null }]);
  });
});

describe("loading a file on another device", () => {
  it("queues its entries for the user signed in there, replays them through the normal replay, each booked once", async () => {
    const file = await savedFile();
    const server = bookingServer();
    const two = device(9, server.handler);
    await two.db.setMeta("provisional_no", 20);

    expect(await loadOutboxFile(two.db, file, 9)).toEqual({ queued: 2, skipped: 0 });
    const queued = await two.db.outbox.toArray();
    expect(queued.map((e) => [e.user_id, e.status, e.body.form_token])).toEqual(file.entries.map((e) => [9, "pending", e.body.form_token]));
    // This device's provisional numbers.
    expect(queued.map((e) => e.effects.find((x) => x.kind === "pending-doc")).map((d) => d && "number" in d && d.number)).toEqual([
      "P-21",
      "P-22",
    ]);

    // Loaded again before it synced: nothing queued twice.
    expect(await loadOutboxFile(two.db, file, 9)).toEqual({ queued: 0, skipped: 2 });
    expect(await two.db.outbox.count()).toBe(2);

    two.goOnline();
    const report = await two.outbox.replay({ force: true });
    expect(report.sent).toBe(2);
    expect(await two.db.outbox.count()).toBe(0);
    expect(server.booked.size).toBe(2);

    // And after it synced: still nothing.
    expect(await loadOutboxFile(two.db, file, 9)).toEqual({ queued: 0, skipped: 2 });
    expect(await two.db.outbox.count()).toBe(0);
  });

  it("the first device replaying the same entries later books nothing more", async () => {
    const server = bookingServer();
    const one = device(7, server.handler);
    await one.outbox.runCreate(sale("kept"));
    const file = await outboxFileOf(one.db, { business: BUSINESS, server: SERVER, user: origin.user });
    const two = device(7, server.handler, true);
    await loadOutboxFile(two.db, file as OutboxFile, 7);
    await two.outbox.replay({ force: true });
    one.goOnline();
    await one.outbox.replay({ force: true });
    expect(server.booked.size).toBe(1);
    expect(await one.db.outbox.count()).toBe(0);
  });
});
