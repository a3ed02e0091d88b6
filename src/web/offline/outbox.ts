import { newFormToken } from "../../core/form-token";
import {
  isBatchableCreate,
  isRetryStatus,
  REPLAY_BATCH_MAX_BYTES,
  REPLAY_BATCH_MAX_ENTRIES,
  REPLAY_BATCH_PATH,
  type ReplayBatchAnswer,
  type ReplayEntryResult,
} from "../../core/replay-batch";
import type { LocalEffect, OfflineDb, OutboxEntry, ServerAnswer } from "./db";
import { NetworkError, type HttpAnswer, type Transport } from "./http-transport";
import { findLocalKeys, substituteLocalKeys } from "./local-keys";
import { applyEffects, effectsOf, reconcileEffects, undoEffects, writeTables } from "./local-effects";
import { defaultReplayLock, type ReplayLock } from "./replay-lock";
import { cashboxShortage } from "./cashbox-overlay";
import { stockShortage } from "./stock-overlay";

/**
 * The outbox (DESIGN section 4): every create goes through `runCreate`, which sends it at once when
 * it can and otherwise keeps it in IndexedDB, with its local effects applied, until the server has
 * answered. Nothing leaves the outbox without a 2xx answer or an explicit discard of a refused entry.
 * The choices (write-ahead, order, failures, batches, tokens, discard) are in README.md.
 */

export interface CreateInput {
  /** Path under /api/ with its trailing slash: "customer/". */
  resource: string;
  body: Record<string, unknown>;
  /** What to show in the cached tables while the create waits (a pending row). */
  localEffect?: LocalEffect | LocalEffect[];
}

export type CreateOutcome =
  /** The server booked it (2xx). */
  | { queued: false; ok: true; status: number; body: unknown }
  /** The server refused it (4xx other than 401/408/409/429): show the errors in the form. */
  | { queued: false; ok: false; status: number; body: unknown; local?: true }
  /** Saved on the device; it will sync ("saved, will sync"). */
  | { queued: true; entryId: number };

export interface ReplayReport {
  /** False when another tab holds the replay lock (it does the work). */
  acquired: boolean;
  sent: number;
  retryLater: number;
  needsAttention: number;
  waiting: number;
  stoppedBy: "network" | "unauthorized" | "paused" | "signed-out" | null;
}

export interface OutboxOptions {
  db: OfflineDb;
  transport: Transport;
  getUserId: () => number | null;
  lock?: ReplayLock;
  now?: () => number;
  isOnline?: () => boolean;
  /** A 401 was answered: the shell clears the session (the outbox is kept). */
  onUnauthorized?: () => void;
  /** An entry was queued: e.g. register a background sync, schedule a replay. */
  onQueued?: () => void;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How long a "sending" entry belongs to the call that is sending it. */
  sendingGraceMs?: number;
  /** Most entries per batch (default and ceiling: the server's, REPLAY_BATCH_MAX_ENTRIES); 1 sends batches of one. */
  batchMax?: number;
}

export const REPLAY_LOCK_NAME = "outbox-replay";

type SendOutcome = "sent" | "retry" | "attention" | "waiting" | "network" | "unauthorized";

/** An entry ready to go: its body with server ids, and its size in a batch's JSON (with its comma). */
interface Ready {
  id: number;
  resource: string;
  body: Record<string, unknown>;
  bytes: number;
}

/** `{"entries":[]}` */
const EMPTY_BATCH_BYTES = 14;
const encoder = new TextEncoder();
const jsonBytes = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/** The batch answer's results when they make sense for `count` entries (answered first, not attempted after), else null. */
function batchResults(body: unknown, count: number): ReplayEntryResult[] | null {
  const results = (body as Partial<ReplayBatchAnswer> | null)?.results;
  if (!Array.isArray(results) || results.length !== count) return null;
  let attempted = true;
  for (const result of results as unknown[]) {
    if (typeof result !== "object" || result === null) return null;
    const skipped = "not_attempted" in result;
    if (skipped) attempted = false;
    else if (!attempted || typeof (result as { status?: unknown }).status !== "number") return null;
  }
  // The server attempts at least the first entry: an answer without one would never end.
  return attempted || !("not_attempted" in results[0]) ? results : null;
}

const BLOCKED_RECHECK_MS = 30_000;
const isSuccess = (status: number) => status >= 200 && status < 300;

const describe = (answer: HttpAnswer) => {
  const body = answer.body as { message?: unknown } | null;
  return `HTTP ${answer.status}${body && typeof body.message === "string" ? `: ${body.message}` : ""}`;
};

export class Outbox {
  private readonly db: OfflineDb;
  private readonly transport: Transport;
  private readonly lock: ReplayLock;
  private readonly now: () => number;
  private readonly isOnline: () => boolean;
  private running: Promise<ReplayReport> | null = null;
  private rerun = false;
  private rerunForce = false;
  private paused = false;
  private readonly pauseListeners = new Set<(paused: boolean) => void>();

  constructor(private readonly options: OutboxOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.lock = options.lock ?? defaultReplayLock();
    this.now = options.now ?? Date.now;
    this.isOnline = options.isOnline ?? (() => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false);
  }

  /** True after a 401, until `resume()`. */
  get isPaused(): boolean {
    return this.paused;
  }

  onPauseChange(listener: (paused: boolean) => void): () => void {
    this.pauseListeners.add(listener);
    return () => this.pauseListeners.delete(listener);
  }

  private setPaused(paused: boolean) {
    if (this.paused === paused) return;
    this.paused = paused;
    for (const listener of this.pauseListeners) listener(paused);
  }

  /** After the user signed in again (a new token): replay what waits. */
  resume(): Promise<ReplayReport> {
    this.setPaused(false);
    return this.replay({ force: true });
  }

  private backoff(attempts: number): number {
    const base = this.options.backoffBaseMs ?? 2_000;
    const max = this.options.backoffMaxMs ?? 5 * 60_000;
    const delay = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
    // Jitter, so the tablets of a branch do not all come back in the same second.
    return Math.round(delay * (0.8 + Math.random() * 0.4));
  }

  private requireUser(): number {
    const userId = this.options.getUserId();
    if (userId === null) throw new Error("No signed-in user: a create needs one");
    return userId;
  }

  /** The command every create goes through (see commands.ts for the named ones). */
  async runCreate(input: CreateInput): Promise<CreateOutcome> {
    const userId = this.requireUser();
    const body: Record<string, unknown> = {
      ...input.body,
      form_token: typeof input.body.form_token === "string" ? input.body.form_token : newFormToken(userId, this.now()),
    };
    const entry: OutboxEntry = {
      user_id: userId,
      resource: input.resource,
      body,
      created_at: this.now(),
      status: "sending",
      attempts: 0,
      next_attempt_at: this.now() + (this.options.sendingGraceMs ?? 60_000),
      last_error: null,
      server_message: null,
      effects: effectsOf(input.localEffect),
      effects_applied: false,
    };

    // Offline, or it refers to a record not synced yet: straight to the queue.
    const refs = findLocalKeys(body);
    const resolved = refs.size > 0 ? await this.resolveKeys(refs) : new Map<string, number>();
    if (!this.isOnline() || resolved.size < refs.size) {
      try {
        return await this.queue(entry, null);
      } catch (error) {
        if (!(error instanceof LocalRefusal)) throw error;
        // Refused on the device: a 400 like the server's, for the form to show.
        return { queued: false, ok: false, status: 400, body: { message: error.message }, local: true };
      }
    }

    entry.body = substituteLocalKeys(body, resolved);
    entry.id = await this.db.outbox.add(entry);
    let answer: HttpAnswer;
    try {
      answer = await this.transport.post(entry.resource, entry.body);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      return this.queue(entry, `Network: ${error.message}`);
    }
    if (isSuccess(answer.status)) {
      await this.complete(entry.id, answer.body);
      return { queued: false, ok: true, status: answer.status, body: answer.body };
    }
    if (answer.status === 401 || isRetryStatus(answer.status)) {
      if (answer.status === 401) this.unauthorized();
      return this.queue(entry, describe(answer));
    }
    // Refused: nothing was booked; the form still holds the data and shows the errors.
    await this.db.outbox.delete(entry.id);
    return { queued: false, ok: false, status: answer.status, body: answer.body };
  }

  /**
   * Makes the entry pending with its local effects, in one transaction. `error` null: nothing was
   * sent, so the cache may still refuse it (checked in the transaction, so two tabs cannot both
   * take the last unit).
   */
  private async queue(entry: OutboxEntry, error: string | null): Promise<CreateOutcome> {
    const id = await this.db.transaction("rw", writeTables(this.db), async () => {
      if (error === null) {
        const shortage = (await stockShortage(this.db, entry.effects)) ?? (await cashboxShortage(this.db, entry.effects));
        if (shortage) throw new LocalRefusal(shortage);
      }
      const pending: OutboxEntry = {
        ...entry,
        status: "pending",
        attempts: error ? 1 : 0,
        last_error: error,
        next_attempt_at: error ? this.now() + this.backoff(1) : this.now(),
        effects_applied: true,
      };
      const key = entry.id === undefined ? await this.db.outbox.add(pending) : (await this.db.outbox.put(pending), entry.id);
      await applyEffects(this.db, { ...pending, id: key });
      return key;
    });
    this.options.onQueued?.();
    return { queued: true, entryId: id };
  }

  private async complete(id: number, serverBody: unknown): Promise<void> {
    await this.db.transaction("rw", writeTables(this.db), async () => {
      const entry = await this.db.outbox.get(id);
      if (!entry) return;
      await this.db.outbox.delete(id);
      await reconcileEffects(this.db, entry, serverBody, this.now());
    });
  }

  private unauthorized() {
    this.setPaused(true);
    this.options.onUnauthorized?.();
  }

  private async resolveKeys(keys: Set<string>): Promise<Map<string, number>> {
    const rows = await this.db.local_key.bulkGet([...keys]);
    const ids = new Map<string, number>();
    for (const row of rows) if (row) ids.set(row.key, row.server_id);
    return ids;
  }

  /**
   * One replay pass over the signed-in user's entries, single-flight: a call while a pass runs joins
   * it (and asks for one more pass after it). `force` ignores the backoff of pending entries
   * ("Sync now", back online).
   */
  replay(options: { force?: boolean } = {}): Promise<ReplayReport> {
    if (this.running) {
      this.rerun = true;
      this.rerunForce ||= !!options.force;
      return this.running;
    }
    this.running = (async () => {
      try {
        let report = await this.replayLocked(!!options.force);
        while (this.rerun) {
          const force = this.rerunForce;
          this.rerun = false;
          this.rerunForce = false;
          report = await this.replayLocked(force);
        }
        return report;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async replayLocked(force: boolean): Promise<ReplayReport> {
    const result = await this.lock(REPLAY_LOCK_NAME, () => this.pass(force));
    if (result.acquired) return result.value;
    return { acquired: false, sent: 0, retryLater: 0, needsAttention: 0, waiting: 0, stoppedBy: null };
  }

  private async pass(force: boolean): Promise<ReplayReport> {
    const report: ReplayReport = { acquired: true, sent: 0, retryLater: 0, needsAttention: 0, waiting: 0, stoppedBy: null };
    if (this.paused) return { ...report, stoppedBy: "paused" };
    const userId = this.options.getUserId();
    if (userId === null) return { ...report, stoppedBy: "signed-out" };

    /** Counts an outcome; true when it ends the pass. */
    const tally = (outcome: SendOutcome): boolean => {
      if (outcome === "sent") report.sent++;
      else if (outcome === "retry") report.retryLater++;
      else if (outcome === "attention") report.needsAttention++;
      else if (outcome === "waiting") report.waiting++;
      else {
        report.stoppedBy = outcome;
        return true;
      }
      return false;
    };
    const batchMax = Math.max(1, Math.min(REPLAY_BATCH_MAX_ENTRIES, this.options.batchMax ?? REPLAY_BATCH_MAX_ENTRIES));
    let batch: Ready[] = [];
    let batchBytes = EMPTY_BATCH_BYTES;
    /** Sends the batch once; what the server did not attempt stays as the next batch's start. True: the pass ends. */
    const flush = async (): Promise<boolean> => {
      const { outcomes, rest } = await this.sendBatch(batch);
      batch = rest;
      batchBytes = rest.reduce((sum, ready) => sum + ready.bytes, EMPTY_BATCH_BYTES);
      return outcomes.some(tally);
    };
    const drain = async (): Promise<boolean> => {
      while (batch.length > 0) if (await flush()) return true;
      return false;
    };

    const ids = (await this.db.outbox.where("user_id").equals(userId).primaryKeys()).sort((a, b) => a - b);
    for (let i = 0; i < ids.length;) {
      // Read again: another tab may have sent, resent or discarded it meanwhile.
      const entry = await this.db.outbox.get(ids[i]);
      if (!entry || entry.status === "needs_attention") {
        i++;
        continue;
      }
      const now = this.now();
      const due = entry.status === "sending" ? entry.next_attempt_at <= now : force || entry.next_attempt_at <= now;
      if (!due) {
        report.waiting++;
        i++;
        continue;
      }
      const body = await this.prepare(entry);
      if (body === null && batch.length > 0) {
        // It may refer to a record the batch makes: its server id is known once the batch is answered.
        if (await drain()) break;
        continue;
      }
      i++;
      if (body === null) {
        if (tally(await this.blocked(entry))) break;
        continue;
      }
      const ready: Ready = { id: entry.id as number, resource: entry.resource, body, bytes: jsonBytes({ path: entry.resource, body }) + 1 };
      if (!isBatchableCreate(entry.resource) || EMPTY_BATCH_BYTES + ready.bytes > REPLAY_BATCH_MAX_BYTES) {
        // Alone, after everything before it.
        if (await drain()) break;
        if (tally(await this.sendOne(ready))) break;
        continue;
      }
      let stop = false;
      while (!stop && batch.length > 0 && (batch.length >= batchMax || batchBytes + ready.bytes > REPLAY_BATCH_MAX_BYTES))
        stop = await flush();
      if (stop) break;
      batch.push(ready);
      batchBytes += ready.bytes;
    }
    if (report.stoppedBy === null) await drain();
    return report;
  }

  /**
   * Makes an entry ready to send: its body with the server ids of the records made offline it refers
   * to (persisted, so every retry sends the very same body: the same request hash), and its local
   * effects shown. Null when a record it refers to has no server id yet.
   */
  private async prepare(entry: OutboxEntry): Promise<Record<string, unknown> | null> {
    const id = entry.id as number;
    let body = entry.body;
    const refs = findLocalKeys(body);
    if (refs.size > 0) {
      const ids = await this.resolveKeys(refs);
      if (ids.size < refs.size) return null;
      body = substituteLocalKeys(body, ids);
      await this.db.outbox.update(id, { body });
    }
    if (entry.status === "sending" || !entry.effects_applied) {
      // Left "sending" by a tab that died mid-request: show it as pending from now on.
      await this.db.transaction("rw", writeTables(this.db), async () => {
        const current = await this.db.outbox.get(id);
        if (!current) return;
        await this.db.outbox.update(id, { status: "pending", effects_applied: true });
        if (!current.effects_applied) await applyEffects(this.db, current);
      });
    }
    return body;
  }

  /** An entry whose referenced record has no server id: it waits for the entry making it, or needs attention if none does. */
  private async blocked(entry: OutboxEntry): Promise<SendOutcome> {
    const id = entry.id as number;
    const ids = await this.resolveKeys(findLocalKeys(entry.body));
    const unresolved = [...findLocalKeys(entry.body)].filter((key) => !ids.has(key));
    if (await this.someEntryMakes(unresolved)) {
      // Its dependency is refused or backing off: look again later (or when that one is resent).
      await this.db.outbox.update(id, { next_attempt_at: this.now() + BLOCKED_RECHECK_MS });
      return "waiting";
    }
    await this.markAttention(id, { status: 0, body: { message: "Refers to a record that was discarded" } });
    return "attention";
  }

  /** One entry to its own route. */
  private async sendOne(ready: Ready): Promise<SendOutcome> {
    let answer: HttpAnswer;
    try {
      answer = await this.transport.post(ready.resource, ready.body);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      await this.retryLater(ready.id, `Network: ${error.message}`);
      return "network";
    }
    return this.applyAnswer(ready.id, answer);
  }

  /**
   * A batch to `sync/replay/`. `outcomes` are those of the entries the server answered (or of the
   * whole batch), `rest` the entries it did not attempt, which go on in the next batch.
   */
  private async sendBatch(batch: Ready[]): Promise<{ outcomes: SendOutcome[]; rest: Ready[] }> {
    let answer: HttpAnswer;
    try {
      answer = await this.transport.post(REPLAY_BATCH_PATH, {
        entries: batch.map((ready) => ({ path: ready.resource, body: ready.body })),
      });
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      // No answer: any of them may be booked; the server answers those with their first response next time.
      for (const ready of batch) await this.retryLater(ready.id, `Network: ${error.message}`);
      return { outcomes: ["network"], rest: [] };
    }
    if (answer.status === 401) {
      await this.db.outbox.update(batch[0].id, { last_error: describe(answer) });
      this.unauthorized();
      return { outcomes: ["unauthorized"], rest: [] };
    }
    if (isRetryStatus(answer.status)) {
      for (const ready of batch) await this.retryLater(ready.id, describe(answer));
      return { outcomes: batch.map(() => "retry"), rest: [] };
    }
    if (!isSuccess(answer.status)) {
      // The envelope refused (a server without the route, a limit it has lower): the same entries one by one.
      const outcomes: SendOutcome[] = [];
      for (const ready of batch) {
        const outcome = await this.sendOne(ready);
        outcomes.push(outcome);
        if (outcome === "network" || outcome === "unauthorized") break;
      }
      return { outcomes, rest: [] };
    }
    const results = batchResults(answer.body, batch.length);
    if (!results) {
      // A 2xx that is no batch answer (a proxy's page): nothing is known of the entries.
      for (const ready of batch) await this.retryLater(ready.id, `Network: not a batch answer (HTTP ${answer.status})`);
      return { outcomes: ["network"], rest: [] };
    }
    const outcomes: SendOutcome[] = [];
    const rest: Ready[] = [];
    const refused: [Ready, HttpAnswer][] = [];
    // The booked ones reconciled in one IndexedDB transaction (one per entry cost more than the link
    // saved); the others as a direct answer would be (a 401 calls out to the shell: outside it).
    await this.db.transaction("rw", writeTables(this.db), async () => {
      for (const [index, result] of results.entries()) {
        if ("not_attempted" in result) rest.push(batch[index]);
        else if (!isSuccess(result.status)) refused.push([batch[index], result]);
        else {
          await this.complete(batch[index].id, result.body);
          outcomes.push("sent");
        }
      }
    });
    for (const [ready, answer] of refused) outcomes.push(await this.applyAnswer(ready.id, answer));
    return { outcomes, rest: outcomes.includes("unauthorized") ? [] : rest };
  }

  /** What the server's answer to one entry means for it (DESIGN section 4), the same for a direct or a batch answer. */
  private async applyAnswer(id: number, answer: HttpAnswer): Promise<SendOutcome> {
    if (isSuccess(answer.status)) {
      await this.complete(id, answer.body);
      return "sent";
    }
    if (answer.status === 401) {
      await this.db.outbox.update(id, { last_error: describe(answer) });
      this.unauthorized();
      return "unauthorized";
    }
    if (isRetryStatus(answer.status)) {
      await this.retryLater(id, describe(answer));
      return "retry";
    }
    await this.markAttention(id, { status: answer.status, body: answer.body });
    return "attention";
  }

  private async someEntryMakes(keys: string[]): Promise<boolean> {
    const wanted = new Set(keys);
    let found = false;
    await this.db.outbox.each((other) => {
      if (other.effects.some((effect) => effect.kind === "pending-row" && wanted.has(effect.row.id))) found = true;
    });
    return found;
  }

  private async retryLater(id: number, error: string) {
    await this.db.transaction("rw", this.db.outbox, async () => {
      const entry = await this.db.outbox.get(id);
      if (!entry) return;
      const attempts = entry.attempts + 1;
      await this.db.outbox.update(id, { attempts, last_error: error, next_attempt_at: this.now() + this.backoff(attempts) });
    });
  }

  private async markAttention(id: number, answer: ServerAnswer) {
    await this.db.transaction("rw", this.db.outbox, async () => {
      const entry = await this.db.outbox.get(id);
      if (!entry) return;
      await this.db.outbox.update(id, {
        status: "needs_attention",
        attempts: entry.attempts + 1,
        server_message: answer,
        last_error: describe(answer),
      });
    });
  }

  /**
   * Sends a refused entry again, with a corrected body if given (its form_token is kept, see the
   * note at the top) and, optionally, new local effects to show meanwhile.
   */
  async resend(
    id: number,
    correction?: { body?: Record<string, unknown>; localEffect?: LocalEffect | LocalEffect[] },
  ): Promise<ReplayReport> {
    await this.db.transaction("rw", writeTables(this.db), async () => {
      const entry = await this.db.outbox.get(id);
      if (!entry) throw new Error(`Outbox entry ${id} is gone`);
      if (entry.status !== "needs_attention") throw new Error("Only an entry that needs attention can be resent");
      const body = correction?.body ? { ...correction.body, form_token: entry.body.form_token } : entry.body;
      const effects = correction?.localEffect ? effectsOf(correction.localEffect) : entry.effects;
      const updated: OutboxEntry = {
        ...entry,
        body,
        effects,
        status: "pending",
        attempts: 0,
        next_attempt_at: 0,
        server_message: null,
        last_error: null,
        effects_applied: true,
      };
      await this.db.outbox.put(updated);
      // After the put: the old effects' stock is recomputed without them (stock-overlay.ts).
      if (correction?.localEffect && entry.effects_applied) await undoEffects(this.db, entry);
      await applyEffects(this.db, updated);
    });
    return this.replay({ force: true });
  }

  /** Drops a refused entry and undoes its local effects. */
  async discard(id: number): Promise<void> {
    await this.db.transaction("rw", writeTables(this.db), async () => {
      const entry = await this.db.outbox.get(id);
      if (!entry) return;
      if (entry.status !== "needs_attention") throw new Error("Only an entry that the server refused can be discarded");
      await this.db.outbox.delete(id);
      await undoEffects(this.db, entry);
    });
  }

  /** Entries of this user not yet synced (pending, sending or needing attention). */
  countFor(userId: number): Promise<number> {
    return this.db.outbox.where("user_id").equals(userId).count();
  }

  /** When the next timed pass is worth running (ms from now), or null when nothing waits. */
  async nextDueIn(): Promise<number | null> {
    const userId = this.options.getUserId();
    if (userId === null || this.paused) return null;
    let earliest: number | null = null;
    await this.db.outbox
      .where("user_id")
      .equals(userId)
      .each((entry) => {
        if (entry.status === "needs_attention") return;
        earliest = earliest === null ? entry.next_attempt_at : Math.min(earliest, entry.next_attempt_at);
      });
    return earliest === null ? null : Math.max(0, (earliest as number) - this.now());
  }
}

/** The device refused a create before queuing it (e.g. more than the cached stock). */
export class LocalRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LocalRefusal";
  }
}
