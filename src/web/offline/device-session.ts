import { META, type OfflineDb } from "./db";

/**
 * A copy of the signed-in session in IndexedDB, for the service worker: it cannot read
 * localStorage, where the shell keeps the token, and replays the outbox itself when no page is open
 * (worker-replay.ts). The page writes it when a user signs in and deletes it when the session ends
 * (logout, a 401); a 401 answered to the worker deletes it too. Same origin and same lifetime as the
 * localStorage token: it exposes nothing more.
 */

export interface DeviceSession {
  token: string;
  user_id: number;
}

export async function readDeviceSession(db: OfflineDb): Promise<DeviceSession | null> {
  const session = await db.getMeta<DeviceSession>(META.session);
  return session && typeof session.token === "string" && typeof session.user_id === "number" ? session : null;
}

export async function saveDeviceSession(db: OfflineDb, session: DeviceSession | null): Promise<void> {
  if (session) await db.setMeta(META.session, session);
  else await db.meta.delete(META.session);
}

/** Deletes the copy only if it still holds this token (the user may have signed in again meanwhile). */
export function forgetDeviceToken(db: OfflineDb, token: string): Promise<void> {
  return db.transaction("rw", db.meta, async () => {
    if ((await readDeviceSession(db))?.token === token) await db.meta.delete(META.session);
  });
}
