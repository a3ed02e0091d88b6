import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OfflineDb } from "../../src/web/offline/db";
import { readDeviceSession, saveDeviceSession } from "../../src/web/offline/device-session";
import { REPLAY_LOCK_NAME } from "../../src/web/offline/outbox";
import { memoryLock } from "../../src/web/offline/replay-lock";
import { replayUnfinished, replayWithoutPage } from "../../src/web/offline/worker-replay";
import { newDeviceDb, startFaultServer, VIRTUAL_BASE, type FaultServer } from "./support/fault-server";
import { signIn } from "./support/signed-in";
import { resetFaultServer } from "./support/tablet";

/**
 * The service worker's replay when no page is open (sw/sw.ts, worker-replay.ts): the real outbox,
 * driven by the session copy a page left in IndexedDB, against the real server. Same rules as a
 * page: one replayer per device, a 401 keeps the outbox, nothing leaves it without an answer.
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

/** A device whose page queued these customers offline (and then closed). */
async function deviceWithQueued(names: string[]): Promise<OfflineDb> {
  const db = newDeviceDb();
  const page = fs.newOutbox(
    db,
    () => token,
    () => userId,
    { isOnline: () => false },
  );
  for (const name of names) {
    const outcome = await page.runCreate({ resource: "customer/", body: { name, branch } });
    expect(outcome.queued).toBe(true);
  }
  return db;
}

const workerReplay = (db: OfflineDb) => replayWithoutPage({ db, baseUrl: VIRTUAL_BASE, fetch: fs.fetch, lock: memoryLock });

describe("the service worker's replay", () => {
  it("sends what the closed page queued, with the session copy, each booked once", async () => {
    const names = [unique("Worker A"), unique("Worker B")];
    const db = await deviceWithQueued(names);
    await saveDeviceSession(db, { token, user_id: userId });

    const report = await workerReplay(db);
    expect(report).toMatchObject({ acquired: true, sent: 2, stoppedBy: null });
    // The page's path: both in one batch (sync/replay/).
    expect(fs.posts).toBe(1);
    expect(replayUnfinished(report)).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    for (const name of names) expect(await fs.countNamed("customer", name)).toBe(1);
  });

  it("signed out (no session copy): sends nothing and keeps the entries", async () => {
    const name = unique("Signed out");
    const db = await deviceWithQueued([name]);
    await saveDeviceSession(db, { token, user_id: userId });
    await saveDeviceSession(db, null);

    const report = await workerReplay(db);
    expect(report.stoppedBy).toBe("signed-out");
    expect(fs.posts).toBe(0);
    expect(await db.outbox.count()).toBe(1);
    expect(await fs.countNamed("customer", name)).toBe(0);
  });

  it("leaves the work to a page that holds the replay lock", async () => {
    const name = unique("Locked");
    const db = await deviceWithQueued([name]);
    await saveDeviceSession(db, { token, user_id: userId });

    const held = await memoryLock(REPLAY_LOCK_NAME, () => workerReplay(db));
    expect(held.acquired && held.value.acquired).toBe(false);
    expect(fs.posts).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });

  it("server out of reach or failing: the entry stays and the sync must fire again; the next one books it once", async () => {
    const name = unique("Unreachable");
    const db = await deviceWithQueued([name]);
    await saveDeviceSession(db, { token, user_id: userId });

    fs.faults = [{ kind: "network-before" }];
    const offline = await workerReplay(db);
    expect(offline.stoppedBy).toBe("network");
    expect(replayUnfinished(offline)).toBe(true);

    fs.faults = [{ kind: "answer", status: 503 }];
    const failing = await workerReplay(db);
    expect(failing.retryLater).toBe(1);
    expect(replayUnfinished(failing)).toBe(true);
    expect(await db.outbox.count()).toBe(1);

    // The answer of a commit is lost: the next replay gets the first answer, one record.
    fs.faults = [{ kind: "drop-after-commit" }];
    expect(replayUnfinished(await workerReplay(db))).toBe(true);
    expect(replayUnfinished(await workerReplay(db))).toBe(false);
    expect(await db.outbox.count()).toBe(0);
    expect(await fs.countNamed("customer", name)).toBe(1);
  });

  it("an expired token keeps the outbox and forgets the copy; after the user signs in again it replays", async () => {
    const name = unique("Expired");
    const db = await deviceWithQueued([name]);
    await saveDeviceSession(db, { token: "expired-token", user_id: userId });

    const report = await workerReplay(db);
    expect(report.stoppedBy).toBe("unauthorized");
    expect(await readDeviceSession(db)).toBeNull();
    expect(await db.outbox.count()).toBe(1);
    expect(await fs.countNamed("customer", name)).toBe(0);
    // Nothing to send with until a page signs in again.
    expect((await workerReplay(db)).stoppedBy).toBe("signed-out");

    await saveDeviceSession(db, { token, user_id: userId });
    expect((await workerReplay(db)).sent).toBe(1);
    expect(await fs.countNamed("customer", name)).toBe(1);
  });

  it("a 401 does not forget a session that signed in again meanwhile", async () => {
    const db = await deviceWithQueued([unique("Signed in again")]);
    await saveDeviceSession(db, { token: "expired-token", user_id: userId });
    fs.beforePost = () => saveDeviceSession(db, { token, user_id: userId });
    try {
      expect((await workerReplay(db)).stoppedBy).toBe("unauthorized");
    } finally {
      fs.beforePost = null;
    }
    expect(await readDeviceSession(db)).toEqual({ token, user_id: userId });
  });
});
