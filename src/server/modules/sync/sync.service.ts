import type { Db } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { changesPage } from "./sync-changes";
import { decodeCursor } from "./sync-cursor";
import { encodeGrants, grantedTables, LEGACY_GRANTS, rightsChange, type TableGrant } from "./sync-grants";
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
  /**
   * Tables the device must empty before it stores this page: the user lost the right to read them
   * (or to see their cost columns; those are pulled again, without them, on this and the next pages).
   */
  drop: string[];
  tables: Record<string, { upserts: Record<string, unknown>[]; deletes: number[] }>;
}

/**
 * One page of `GET sync/pull/` as the JSON text of a PullAnswer (DESIGN section 4). Without `since`
 * (or with a cursor made for another branch set: `reset`), a device first walks a snapshot of every
 * live row (sync-snapshot.ts), then follows the changes (sync-changes.ts), tombstones included.
 *
 * Only the tables the user may read travel, cost columns only to those who may see cost
 * (sync-grants.ts). The cursor says which tables the device holds: when the user's rights changed
 * since, the page tells the device which to empty (`drop`), and the tables gained are walked from
 * the start before the changes go on from where the device was. A change of rights during a walk
 * starts the load again (`reset`).
 */
export async function pullJson(db: Db, auth: AuthContext, since: string | undefined, limitRaw: string | undefined): Promise<string> {
  const limit = limitRaw === undefined ? DEFAULT_PULL_LIMIT : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PULL_LIMIT) {
    throw fieldErrors({ limit: [`less than or equal to ${MAX_PULL_LIMIT}`] });
  }
  const branchKey = auth.branchIds.join(",");
  const given = since ? decodeCursor(since) : null;
  const grants = grantedTables({ is_superuser: auth.isSuperuser, permissions: auth.permissions });
  const p = encodeGrants(grants);
  const readersOf = (some: readonly TableGrant[]) => tableReaders(db, auth.branchIds, some);
  const readers = await readersOf(grants);
  const fromStart = (reset: boolean) => snapshotPage(db, readers, null, branchKey, limit, reset, { grants: p, drop: [] });
  if (!given) return fromStart(false);
  if (given.b !== branchKey) return fromStart(true);
  const change = rightsChange(given.p ?? LEGACY_GRANTS, grants);
  if (given.kind === "snapshot") {
    if (change.drop.length > 0 || change.pull.length > 0) return fromStart(true);
    if (given.o === undefined || given.rx === undefined || given.rv === undefined) {
      return snapshotPage(db, readers, given, branchKey, limit, false, { grants: p, drop: [] });
    }
    const walked = given.o.split(",");
    const only = { tables: given.o, resume: { x: given.rx, v: given.rv } };
    const walkedReaders = await readersOf(grants.filter((g) => walked.includes(g.table.name)));
    return snapshotPage(db, walkedReaders, given, branchKey, limit, false, { grants: p, only, drop: [] });
  }
  if (change.pull.length === 0) return changesPage(db, readers, { ...given, p }, limit, change.drop);
  // Tables gained: walked from the start (emptied first when the device held them in another form).
  const gained = grants.filter((g) => change.pull.includes(g.table.name));
  const only = { tables: gained.map((g) => g.table.name).join(","), resume: { x: given.x, v: given.v } };
  return snapshotPage(db, await readersOf(gained), null, branchKey, limit, false, { grants: p, only, drop: change.drop });
}

/** The same page, parsed (for callers in the server; the route sends pullJson's text as it is). */
export async function pull(db: Db, auth: AuthContext, since: string | undefined, limitRaw: string | undefined): Promise<PullAnswer> {
  return JSON.parse(await pullJson(db, auth, since, limitRaw)) as PullAnswer;
}
