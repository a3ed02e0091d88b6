import { META, type OfflineDb } from "./db";
import { NetworkError, type Transport } from "./http-transport";
import { reapplyPendingEffects } from "./local-effects";
import { localStockDeltas, overlayRow, releaseSettledStock, type StockDeltas } from "./stock-overlay";
import { applyItemStockChanges, dropAllStock, putStockRows } from "./stock-store";
import { isReferenceTable, type CachedRow } from "./sync-tables";
import { forgetViewedRecords, forgetViewedResource } from "./viewed-records";

/**
 * Pull of the reference tables (DESIGN section 4): pages of `GET sync/pull/`, each written in one Dexie
 * transaction with its cursor. Stock rows go into their item's record (stock-store.ts) under the device's
 * own changes (stock-overlay.ts), so a pull never undoes a queued sale's take. More in README.md.
 */

/** Rows per page unless the caller says otherwise (the server's default). */
export const PULL_PAGE_SIZE = 1000;

/**
 * Rows per page the app asks for (the server's maximum). A later pull brings few rows whatever the
 * size; the first load of 100k items and their stock is ~40 pages instead of ~200: per page, the
 * request, the transaction over every reference table and the progress update are paid once.
 */
export const APP_PULL_PAGE_SIZE = 5000;

interface TableChange {
  upserts: CachedRow[];
  deletes: number[];
}

interface PullPage {
  cursor: string;
  has_more: boolean;
  reset: boolean;
  /**
   * The first load (or the one after a reset): the cache held none of these rows, and every item
   * of the page comes with all its stock rows in the same page. Missing (an older server): changes.
   */
  snapshot?: boolean;
  /** On the walk's pages: rows sent through this page and about how many in all (older servers: missing). */
  progress?: WalkProgress;
  /**
   * Tables to empty before this page is stored: the user may no longer read them (or no longer see
   * their cost: they come again on this and the next pages). Missing (an older server): none.
   */
  drop?: string[];
  tables: Record<string, TableChange>;
}

/** How far a first load is: rows of the walk the device holds, and about how many there are. */
export interface WalkProgress {
  done: number;
  total: number;
}

const noChange: TableChange = { upserts: [], deletes: [] };

export interface SyncProgress {
  running: boolean;
  /** Rows (upserts and deletes) written in the current or last run. */
  rows: number;
  /** True while the device has no complete copy yet (first load, or after a reset). */
  firstLoad: boolean;
  lastSyncAt: number | null;
  /** Why the last run failed (network, HTTP status), or null. */
  error: string | null;
  /**
   * During a first load (also one resumed after a cut or a reload): rows the device holds of it, and
   * about how many in all (the server's estimate, never below `done`). Null otherwise.
   */
  done: number | null;
  total: number | null;
}

export type PullOutcome = "done" | "network" | "unauthorized" | "failed" | "signed-out";

export interface ReferenceSyncOptions {
  db: OfflineDb;
  transport: Transport;
  getUserId: () => number | null;
  now?: () => number;
  pageSize?: number;
  onUnauthorized?: () => void;
  /**
   * After a run stopped for lack of network, pull again by itself after base * 2^n ms (up to max, with
   * jitter) while `isOnline()` says so; offline it waits for `online` (the runtime calls sync()). A load
   * cut off goes on from the cursor stored with the last page written. Off unless given.
   */
  retry?: { baseMs: number; maxMs: number };
  isOnline?: () => boolean;
}

type Listener = (progress: SyncProgress) => void;

export class ReferenceSync {
  private progress: SyncProgress = { running: false, rows: 0, firstLoad: false, lastSyncAt: null, error: null, done: null, total: null };
  private readonly listeners = new Set<Listener>();
  private running: Promise<PullOutcome> | null = null;
  private readonly now: () => number;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private stopped = false;

  constructor(private readonly options: ReferenceSyncOptions) {
    this.now = options.now ?? Date.now;
  }

  getProgress(): SyncProgress {
    return this.progress;
  }

  /** For useSyncExternalStore and the like. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(patch: Partial<SyncProgress>) {
    this.progress = { ...this.progress, ...patch };
    for (const listener of this.listeners) listener(this.progress);
  }

  /** Pulls until up to date. Single-flight: a call while one runs joins it. */
  sync(): Promise<PullOutcome> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.running ??= this.run()
      .then((outcome) => {
        this.afterRun(outcome);
        return outcome;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** No more retries (the runtime stops, a test ends). */
  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** A run that stopped for lack of network is tried again with backoff while online. */
  private afterRun(outcome: PullOutcome) {
    const retry = this.options.retry;
    if (outcome !== "network") {
      this.failures = 0;
      return;
    }
    if (!retry || this.stopped || !(this.options.isOnline?.() ?? true)) return;
    const delay = Math.min(retry.maxMs, retry.baseMs * 2 ** this.failures) * (0.75 + Math.random() * 0.5);
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped && (this.options.isOnline?.() ?? true)) void this.sync().catch(() => undefined);
    }, delay);
  }

  /**
   * Makes the cache belong to `userId`: another user's cached reference data is dropped (their
   * outbox entries stay, tagged with their id, and are not replayed for this user).
   */
  async claimFor(userId: number): Promise<void> {
    const db = this.options.db;
    if ((await db.getMeta<number>(META.userId)) === userId) return;
    await db.transaction("rw", [db.meta, db.outbox, ...db.refTables()], async () => {
      if ((await db.getMeta<number>(META.userId)) === userId) return;
      await Promise.all(db.refTables().map((table) => table.clear()));
      await db.meta.bulkDelete([META.cursor, META.lastSyncAt, META.branchKey, META.settledStock, META.walkProgress]);
      await db.setMeta(META.userId, userId);
      await reapplyPendingEffects(db, userId);
    });
  }

  private async run(): Promise<PullOutcome> {
    const { db, transport } = this.options;
    const userId = this.options.getUserId();
    if (userId === null) return "signed-out";
    await this.claimFor(userId);
    const lastSyncAt = (await db.getMeta<number>(META.lastSyncAt)) ?? null;
    const startedAt = this.now();
    let cursor = (await db.getMeta<string>(META.cursor)) ?? "";
    // A first load cut off (network, reload) goes on from its stored cursor and is still a first load.
    const walk = cursor ? ((await db.getMeta<WalkProgress>(META.walkProgress)) ?? null) : null;
    this.update({
      running: true,
      rows: 0,
      firstLoad: !cursor || walk !== null,
      lastSyncAt,
      error: null,
      done: walk ? walk.done : cursor ? null : 0,
      total: walk ? walk.total : null,
    });
    let rows = 0;
    // Page N+1 is requested (with page N's cursor) while page N is written, and its transaction is
    // queued while page N's commits: the network, the server, the main thread's work on a page and
    // IndexedDB's commit of the one before all overlap. Each page is still stored in ONE transaction
    // with its cursor, in order: a transaction applies its page only when the stored cursor is the one
    // the page was requested with (so if page N failed, page N+1 aborts too and nothing is skipped).
    // At most one page is being fetched and two stored; a prefetched page is only a read.
    const fetchPage = (since: string) => {
      const query = new URLSearchParams({ limit: String(this.options.pageSize ?? PULL_PAGE_SIZE) });
      if (since) query.set("since", since);
      const request = transport.get(`sync/pull/?${query.toString()}`);
      request.catch(() => undefined); // awaited below; never an unhandled rejection if the run stops first
      return request;
    };
    let next = fetchPage(cursor);
    let storing: { done: Promise<number>; reset: boolean; walk: WalkProgress | null } | null = null;
    /** Waits for the page in flight to be stored (its error, if any, is thrown), then reports it. */
    const settle = async () => {
      const pending = storing;
      storing = null;
      if (!pending) return;
      rows += await pending.done;
      const walk = pending.walk;
      this.update({
        rows,
        firstLoad: this.progress.firstLoad || pending.reset || walk !== null,
        ...(walk ? { done: walk.done, total: Math.max(walk.total, walk.done) } : {}),
      });
    };
    const stock: StockState = { deltas: null };
    try {
      for (;;) {
        const answer = await next;
        if (answer.status === 401) {
          await settle();
          this.options.onUnauthorized?.();
          this.update({ running: false, rows, error: "HTTP 401" });
          return "unauthorized";
        }
        if (answer.status !== 200) {
          await settle();
          this.update({ running: false, rows, error: `HTTP ${answer.status}` });
          return "failed";
        }
        // The user may have changed while the page was on its way: never store it for another.
        if (this.options.getUserId() !== userId) {
          await settle().catch(() => undefined);
          return "signed-out";
        }
        const page = answer.body as PullPage;
        if (page.has_more) next = fetchPage(page.cursor);
        const done = this.store(userId, page, cursor, stock);
        done.catch(() => undefined); // awaited by settle()
        await settle();
        storing = { done, reset: page.reset, walk: page.snapshot && page.progress ? page.progress : null };
        cursor = page.cursor;
        if (!page.has_more) {
          await settle();
          break;
        }
      }
      const at = this.now();
      await db.transaction("rw", [db.meta, db.outbox, db.items.table], async () => {
        await db.setMeta(META.lastSyncAt, at);
        // Every row changed before this run started is in the cache now, bookings included.
        await releaseSettledStock(db, startedAt);
      });
      this.update({ running: false, lastSyncAt: at, firstLoad: false, error: null, done: null, total: null });
      return "done";
    } catch (error) {
      // The page being stored when the next one failed is kept (with its cursor) before this run
      // reports: a retry or a reload then goes on after it, never asking for it again.
      await settle().catch(() => undefined);
      if (error instanceof CursorMovedError) {
        // Another tab stored pages meanwhile (or this run's previous page failed): the next run
        // starts again from the stored cursor.
        this.update({ running: false, rows, error: error.message });
        return "failed";
      }
      if (error instanceof NetworkError) {
        this.update({ running: false, error: `Network: ${error.message}` });
        return "network";
      }
      this.update({ running: false, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  /**
   * One page, with its cursor, in one transaction. Returns the number of rows written. The writes are
   * issued before the transaction's checks are answered, so the main thread prepares them while an
   * earlier page's transaction still commits; a failed check aborts the transaction with them.
   */
  private async store(userId: number, page: PullPage, since: string, stock: StockState): Promise<number> {
    const db = this.options.db;
    let rows = 0;
    await db.transaction("rw", [db.meta, db.outbox, db.viewed_record, ...db.refTables()], async () => {
      // Checked inside the transaction: a user switch in another tab must not get this page, and the
      // page must follow the stored cursor (the page before it committed; no other run moved it).
      // (Dexie's own promises, not async functions': they may wait while more requests are issued.)
      const owner = db.meta.get(META.userId).then((row) => row?.value);
      const stored = db.meta.get(META.cursor).then((row) => row?.value as string | undefined);
      const writes: Promise<unknown>[] = [];
      if (page.reset) {
        if ((await owner) !== userId) throw new Error("The device changed user during the sync");
        await Promise.all(db.refTables().map((table) => table.clear()));
        await reapplyPendingEffects(db, userId);
        stock.deltas = await localStockDeltas(db);
      }
      const drop = page.reset ? [] : (page.drop ?? []);
      if (drop.length > 0) {
        if ((await owner) !== userId) throw new Error("The device changed user during the sync");
        await emptyTables(db, drop);
        // The user's own waiting creates stay (the outbox is never touched), shown again where they were.
        await reapplyPendingEffects(db, userId);
        stock.deltas = await localStockDeltas(db);
      }
      stock.deltas ??= await localStockDeltas(db);
      const deltas = stock.deltas;
      for (const [name, change] of Object.entries(page.tables)) {
        // A table this version of the app does not know yet (added on the server first) is skipped.
        if (!isReferenceTable(name)) continue;
        rows += change.upserts.length + change.deletes.length;
        if (name === "item" || name === "stock") continue; // below, together
        const table = db.ref(name);
        if (change.upserts.length > 0) writes.push(table.bulkPut(change.upserts));
        if (change.deletes.length > 0) writes.push(table.bulkDelete(change.deletes));
      }
      // Sales are not cached, but a deleted one's viewed copy goes with its tombstone.
      const deletedSales = page.tables.sale?.deletes ?? [];
      if (deletedSales.length > 0) writes.push(forgetViewedRecords(db, "sale/", deletedSales));
      const items = page.tables.item ?? noChange;
      const stockRows = (page.tables.stock ?? noChange).upserts;
      writes.push(
        applyItemStockChanges(db.items, {
          items: items.upserts,
          itemDeletes: items.deletes,
          stock: stockRows.map((row) => overlayRow(row, deltas)),
          stockDeletes: (page.tables.stock ?? noChange).deletes,
          snapshot: page.snapshot === true,
        }),
      );
      if ((await owner) !== userId) throw new Error("The device changed user during the sync");
      if (((await stored) ?? "") !== since) throw new CursorMovedError();
      await Promise.all(writes);
      if (stockRows.length > 0) {
        // The stock rows were laid over the device's changes as last read; what the outbox says now,
        // in this transaction, wins (a queued or synced sale in between).
        const now = await localStockDeltas(db);
        if (!sameDeltas(now, deltas)) {
          stock.deltas = now;
          await putStockRows(
            db.items,
            stockRows.map((row) => overlayRow(row, now)),
          );
        }
      }
      await db.setMeta(META.cursor, page.cursor);
      // How far a first load is, with its cursor (the sync panel shows it again after a reload).
      if (page.snapshot && page.progress) await db.setMeta(META.walkProgress, page.progress);
      else await db.meta.delete(META.walkProgress);
    });
    return rows;
  }
}

/**
 * Empties the tables the user lost the right to read, inside the page's transaction (with the cursor
 * that no longer covers them). Stock lives in the items' records: its rows are taken out of them.
 */
async function emptyTables(db: OfflineDb, names: readonly string[]): Promise<void> {
  for (const name of names) {
    // Sales are not cached: only the copies of those the user viewed.
    if (name === "sale") await forgetViewedResource(db, "sale/");
    // A table this version of the app does not know holds nothing here.
    if (!isReferenceTable(name)) continue;
    if (name === "stock") await dropAllStock(db.items);
    else if (name === "item") await db.items.clear();
    else await db.ref(name).clear();
  }
}

/** A page reached its transaction when the stored cursor was no longer the one it was requested with. */
class CursorMovedError extends Error {
  constructor() {
    super("The sync cursor moved (another tab pulled); the next pull goes on from it");
    this.name = "CursorMovedError";
  }
}

/** The device's stock changes as last read during a run (see store()). */
interface StockState {
  deltas: StockDeltas | null;
}

const sameMap = (a: Map<unknown, { eq(other: unknown): boolean }>, b: Map<unknown, unknown>) =>
  a.size === b.size && [...a].every(([key, value]) => b.has(key) && value.eq(b.get(key)));

function sameDeltas(a: StockDeltas, b: StockDeltas | null): boolean {
  return b !== null && sameMap(a.byId, b.byId) && sameMap(a.byIdentity, b.byIdentity);
}
