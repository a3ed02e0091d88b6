import type { Db } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { changesPage } from "./sync-changes";
import { decodeCursor, type SnapshotCursor } from "./sync-cursor";
import { tableReaders } from "./sync-rows";
import { snapshotPage } from "./sync-snapshot";

export const DEFAULT_PULL_LIMIT = 1000;
export const MAX_PULL_LIMIT = 5000;

export interface PullAnswer {
  cursor: string;
  has_more: boolean;
  /** True when the device must drop its cache first (its branches changed). */
  reset: boolean;
  /**
   * True on the pages of the snapshot walk (a first load, or the load after a reset): live rows only,
   * each item with all its stock rows on the same page. False on the pages of changes.
   */
  snapshot: boolean;
  /**
   * On the snapshot walk's pages: rows of the walked tables (stock riding with items not counted) sent
   * through this page, and about how many the walk holds (estimated on its first page).
   */
  progress?: { done: number; total: number };
  tables: Record<string, { upserts: Record<string, unknown>[]; deletes: number[] }>;
}

/**
 * One page of `GET sync/pull/` as the JSON text of a PullAnswer (DESIGN section 4). Without `since`
 * (or with a cursor made for another branch set: `reset`), a device first walks a snapshot of every
 * live row (sync-snapshot.ts), then follows the changes (sync-changes.ts), tombstones included.
 */
export async function pullJson(db: Db, auth: AuthContext, since: string | undefined, limitRaw: string | undefined): Promise<string> {
  const limit = limitRaw === undefined ? DEFAULT_PULL_LIMIT : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PULL_LIMIT) {
    throw fieldErrors({ limit: [`less than or equal to ${MAX_PULL_LIMIT}`] });
  }
  const branchKey = auth.branchIds.join(",");
  const given = since ? decodeCursor(since) : null;
  const reset = given !== null && given.b !== branchKey;
  const readers = await tableReaders(db, auth.branchIds);
  if (given && !reset && given.kind === "changes") return changesPage(db, readers, given, limit, false);
  const walking: SnapshotCursor | null = given && !reset && given.kind === "snapshot" ? given : null;
  return snapshotPage(db, readers, walking, branchKey, limit, reset);
}

/** The same page, parsed (for callers in the server; the route sends pullJson's text as it is). */
export async function pull(db: Db, auth: AuthContext, since: string | undefined, limitRaw: string | undefined): Promise<PullAnswer> {
  return JSON.parse(await pullJson(db, auth, since, limitRaw)) as PullAnswer;
}
