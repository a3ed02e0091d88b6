import { META, type OfflineDb, type OutboxEntry } from "./db";
import { findLocalKeys, substituteLocalKeys } from "./local-keys";
import { applyEffects, writeTables } from "./local-effects";
import type { LocalKey } from "./sync-tables";
import { BUSINESS_ID_SETTING, buildOutboxFile, entriesToLoad, type OutboxFile, type OutboxFileOrigin } from "./outbox-file";

/** The device's side of the safety net (outbox-file.ts): what goes into the file, and a file loaded into the outbox. */

async function deviceId(db: OfflineDb): Promise<string> {
  return db.transaction("rw", db.meta, async () => {
    const known = await db.getMeta<string>(META.deviceId);
    if (known) return known;
    const made = globalThis.crypto.randomUUID();
    await db.setMeta(META.deviceId, made);
    return made;
  });
}

/** The business's id as this device pulled it with the settings (the sync's setting table); null before the first pull. */
export async function cachedBusinessId(db: OfflineDb): Promise<string | null> {
  const row = await db.ref("setting").where("key").equals(BUSINESS_ID_SETTING).first();
  return typeof row?.value === "string" && row.value !== "" && !row.deleted_at ? row.value : null;
}

/**
 * The user's entries not synced yet, oldest first, each with the server ids this device already knows
 * for records made offline (the other device cannot map this one's provisional keys).
 */
export async function unsyncedEntries(db: OfflineDb, userId: number): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where("user_id").equals(userId).sortBy("id");
  const keys = new Set<LocalKey>();
  for (const entry of entries) findLocalKeys(entry.body, keys);
  if (keys.size === 0) return entries;
  const ids = new Map<string, number>();
  for (const row of await db.local_key.bulkGet([...keys])) if (row) ids.set(row.key, row.server_id);
  return entries.map((entry) => ({ ...entry, body: substituteLocalKeys(entry.body, ids) }));
}

/** The file of the user's unsynced entries; null when nothing waits. */
export async function outboxFileOf(db: OfflineDb, origin: Omit<OutboxFileOrigin, "device">, now = new Date()): Promise<OutboxFile | null> {
  const entries = await unsyncedEntries(db, origin.user.id);
  if (entries.length === 0) return null;
  return buildOutboxFile({ ...origin, device: await deviceId(db) }, entries, now);
}

export interface LoadReport {
  queued: number;
  /** Already waiting on this device or loaded before. */
  skipped: number;
}

/**
 * Puts a file's entries into the outbox of `userId`, with their effects shown, in one transaction;
 * a form_token the device already holds or loaded before is skipped. The normal replay sends them
 * (the caller asks for one).
 */
export async function loadOutboxFile(db: OfflineDb, file: OutboxFile, userId: number, now = Date.now()): Promise<LoadReport> {
  return db.transaction("rw", writeTables(db), async () => {
    const known = new Set<string>((await db.getMeta<string[]>(META.loadedTokens)) ?? []);
    await db.outbox.each((entry) => {
      if (typeof entry.body.form_token === "string") known.add(entry.body.form_token);
    });
    const fresh = entriesToLoad(file, userId, known, now);
    for (const entry of fresh) {
      const id = await db.outbox.add({ ...entry, effects_applied: true });
      await applyEffects(db, { ...entry, id, effects_applied: true });
    }
    const loaded = (await db.getMeta<string[]>(META.loadedTokens)) ?? [];
    await db.setMeta(META.loadedTokens, [...loaded, ...fresh.map((entry) => entry.body.form_token as string)]);
    return { queued: fresh.length, skipped: file.entries.length - fresh.length };
  });
}
