import { MESSAGES } from "../../../core/messages";
import { fieldErrors } from "../../http/errors";

/**
 * The opaque `since` of `GET sync/pull/`: where a device is in the reference data. A device starts
 * with a snapshot walk (every live row, table by table in id order) and goes on with the changes
 * made since the walk began.
 */

/** In the change stream: transaction id (xid8, as text) and sync version of the last row sent. */
export interface ChangeCursor {
  kind: "changes";
  x: string;
  v: number;
  /** The branch set the cursor was made for; another set restarts the pull. */
  b: string;
  /** The tables the device holds (sync-grants.ts); missing on cursors made before: every table. */
  p?: string;
}

/** In the snapshot walk: the table being walked and the last id sent of it. */
export interface SnapshotCursor {
  kind: "snapshot";
  /** Watermark: the oldest transaction still running when the walk began (xid8, as text). */
  w: string;
  t: string;
  i: number;
  b: string;
  /** Rows of the walked tables sent so far (for the progress a device shows). */
  n?: number;
  /** About how many rows the walk holds, estimated on its first page. */
  e?: number;
  /** Bytes per row of table `t` (with its riding rows) on the page before: how many rows the next page asks for. */
  a?: number;
  /** As on a change cursor: the tables the device holds (with those being walked). */
  p?: string;
  /**
   * A walk of some tables only (comma list: those the user gained), after which the changes go on from
   * `rx`/`rv`, where the device's change cursor was (not from the walk's start: the other tables'
   * changes since then are still to come).
   */
  o?: string;
  rx?: string;
  rv?: number;
}

export type Cursor = ChangeCursor | SnapshotCursor;

export const encodeCursor = (cursor: Cursor): string => Buffer.from(JSON.stringify(cursor)).toString("base64url");

const isXid = (value: unknown): value is string => typeof value === "string" && /^\d+$/.test(value);

export function decodeCursor(raw: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Record<string, unknown>;
    if (typeof value.b === "string") {
      // Cursors made before the snapshot walk have no kind: they are change cursors.
      const grants = typeof value.p === "string" ? { p: value.p } : {};
      if ((value.kind ?? "changes") === "changes" && isXid(value.x) && Number.isInteger(value.v)) {
        return { kind: "changes", x: value.x, v: value.v as number, b: value.b, ...grants };
      }
      if (value.kind === "snapshot" && isXid(value.w) && typeof value.t === "string" && Number.isInteger(value.i)) {
        const walk: SnapshotCursor = { kind: "snapshot", w: value.w, t: value.t, i: value.i as number, b: value.b, ...grants };
        // A walk of some tables only: both halves of where the changes resume, or it is no such walk.
        if (typeof value.o === "string" && isXid(value.rx) && Number.isSafeInteger(value.rv)) {
          Object.assign(walk, { o: value.o, rx: value.rx, rv: value.rv as number });
        }
        // Hints of this server's walk; a cursor without them (or with broken ones) still resumes.
        for (const key of ["n", "e", "a"] as const) {
          const hint = value[key];
          if (Number.isSafeInteger(hint) && (hint as number) >= 0) walk[key] = hint as number;
        }
        return walk;
      }
    }
  } catch {
    // fall through to the field error
  }
  throw fieldErrors({ since: [MESSAGES.invalidCursor] });
}

/**
 * Where the change stream takes over from a walk that began at watermark `w`: every transaction from
 * `w` on. Those older than `w` had committed before the walk's first page, so the walk saw them; the
 * others may have been missed by it and are sent again (a device applies an upsert twice harmlessly).
 */
export function changesAfterWalk(w: string, b: string, p: string): ChangeCursor {
  const watermark = BigInt(w);
  return watermark > 0n
    ? { kind: "changes", x: String(watermark - 1n), v: Number.MAX_SAFE_INTEGER, b, p }
    : { kind: "changes", x: "0", v: 0, b, p };
}
