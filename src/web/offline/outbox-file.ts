import type { LocalEffect, OutboxEntry } from "./db";

/**
 * The device's safety net: the documents a device holds and has not synced, as a file
 * the user keeps when signing out (or before the storage is cleared) and another device loads. The
 * file carries each entry's request as it would be sent, with its form_token, so the server books
 * each one once whichever device replays it. Pure: reading and writing IndexedDB is outbox-file-store.ts.
 */

export const OUTBOX_FILE_FORMAT = "backoffice-unsynced-documents";
/** 2: the file names its business by id (`business`); version 1 files named it by the server's address only. */
export const OUTBOX_FILE_VERSION = 2;

/** The setting that holds the business's own id, a UUID the database makes once (migration 0044_business_id). */
export const BUSINESS_ID_SETTING = "business_id";

/** Who made the file: which business, which server, which user, which device. */
export interface OutboxFileOrigin {
  /**
   * The business's id (setting business_id): a file is loaded only into the same business, whatever
   * address its server has now. Null when the device did not know it (it had not read the settings yet).
   */
  business: string | null;
  /** The server's origin the device syncs with; the check for a file without a business id (version 1). */
  server: string;
  user: { id: number; username: string };
  device: string;
}

/** One waiting create, as the file keeps it. */
export interface OutboxFileEntry {
  resource: string;
  body: Record<string, unknown> & { form_token: string };
  created_at: number;
  effects: LocalEffect[];
}

export interface OutboxFile extends OutboxFileOrigin {
  format: typeof OUTBOX_FILE_FORMAT;
  /** 1 for a file saved before the business id (read as `business: null`). */
  version: 1 | typeof OUTBOX_FILE_VERSION;
  saved_at: string;
  entries: OutboxFileEntry[];
}

export type OutboxFileRefusal = "malformed" | "newer-version" | "other-business" | "empty";

export type ParsedOutboxFile = { ok: true; file: OutboxFile } | { ok: false; reason: OutboxFileRefusal };

export function buildOutboxFile(origin: OutboxFileOrigin, entries: OutboxEntry[], savedAt: Date): OutboxFile {
  return {
    format: OUTBOX_FILE_FORMAT,
    version: OUTBOX_FILE_VERSION,
    business: origin.business,
    server: origin.server,
    user: origin.user,
    device: origin.device,
    saved_at: savedAt.toISOString(),
    entries: entries
      .filter((entry): entry is OutboxEntry & { body: { form_token: string } } => typeof entry.body.form_token === "string")
      .map((entry) => ({ resource: entry.resource, body: entry.body, created_at: entry.created_at, effects: entry.effects })),
  };
}

/** The file's name: what it holds and when, so a user tells two files apart. */
export function outboxFileName(file: OutboxFile): string {
  const stamp = file.saved_at.slice(0, 16).replace(/[-:T]/g, "");
  return `unsynced-${file.user.username || file.user.id}-${stamp}.json`;
}

export const serializeOutboxFile = (file: OutboxFile): string => JSON.stringify(file, null, 1);

const EFFECT_KINDS = new Set<LocalEffect["kind"]>(["pending-row", "stock-take", "stock-add", "pending-doc", "cashbox-move"]);
/** An API path under /api/ as the outbox posts it: "sale/", "sale/12/extra/"; never ".." or a query. */
const RESOURCE = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*\/$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function isEntry(value: unknown): value is OutboxFileEntry {
  if (!isObject(value) || typeof value.resource !== "string" || !RESOURCE.test(value.resource)) return false;
  if (!isObject(value.body) || typeof value.body.form_token !== "string" || value.body.form_token === "") return false;
  if (typeof value.created_at !== "number" || !Array.isArray(value.effects)) return false;
  return value.effects.every((effect) => isObject(effect) && EFFECT_KINDS.has(effect.kind as LocalEffect["kind"]));
}

/** The business the device is signed in to: its id when the device knows it, and its server's address. */
export interface LoadingBusiness {
  business: string | null;
  server: string;
}

/**
 * Whether a file belongs to the device's business: by the business id when both know it (an address
 * changes, and two businesses can share one), else by the server's address as version 1 files were.
 */
function sameBusiness(file: { business: string | null; server: string }, here: LoadingBusiness): boolean {
  if (file.business !== null && here.business !== null) return file.business === here.business;
  return file.server === here.server;
}

/**
 * Reads a file a user picked: refused when it is not one of these files (or damaged), made by a newer
 * version of the app, from another business, or holds nothing. A file saved before the business id
 * (version 1) is still read, checked by its server's address.
 */
export function parseOutboxFile(text: string, here: LoadingBusiness): ParsedOutboxFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (!isObject(value) || value.format !== OUTBOX_FILE_FORMAT || typeof value.version !== "number")
    return { ok: false, reason: "malformed" };
  if (value.version > OUTBOX_FILE_VERSION) return { ok: false, reason: "newer-version" };
  const user = value.user;
  const business = value.version === 1 ? null : value.business;
  if (
    (value.version !== 1 && value.version !== OUTBOX_FILE_VERSION) ||
    !(business === null || (typeof business === "string" && business !== "")) ||
    typeof value.server !== "string" ||
    typeof value.device !== "string" ||
    typeof value.saved_at !== "string" ||
    !isObject(user) ||
    typeof user.id !== "number" ||
    typeof user.username !== "string" ||
    !Array.isArray(value.entries) ||
    !value.entries.every(isEntry)
  )
    return { ok: false, reason: "malformed" };
  if (!sameBusiness({ business, server: value.server }, here)) return { ok: false, reason: "other-business" };
  if (value.entries.length === 0) return { ok: false, reason: "empty" };
  return { ok: true, file: { ...(value as unknown as OutboxFile), business } };
}

/**
 * The entries of a file that join this device's outbox for `userId`: those whose form_token it has
 * neither waiting nor loaded before (a file loaded twice queues nothing twice). Each starts pending,
 * due now, with its effects to be shown on this device; a document gets this device's provisional
 * number (the other device's "P-3" means nothing here).
 */
export function entriesToLoad(file: OutboxFile, userId: number, knownTokens: ReadonlySet<string>, now: number): OutboxEntry[] {
  const seen = new Set(knownTokens);
  const fresh: OutboxEntry[] = [];
  for (const entry of file.entries) {
    const token = entry.body.form_token;
    if (seen.has(token)) continue;
    seen.add(token);
    fresh.push({
      user_id: userId,
      resource: entry.resource,
      body: entry.body,
      created_at: entry.created_at,
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      server_message: null,
      effects: entry.effects.map((effect) => (effect.kind === "pending-doc" ? { ...effect, number: null } : effect)),
      effects_applied: false,
    });
  }
  return fresh;
}
