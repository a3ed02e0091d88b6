import { saveBlob } from "../components/export/table-export";
import { api, SERVER_BASE } from "../lib/api-client";
import { appStore, settingsAtom, storedUserAtom, tokenAtom, type Setting } from "../lib/app-state";
import { getOfflineDb, type OfflineDb } from "./db";
import { BUSINESS_ID_SETTING, outboxFileName, parseOutboxFile, serializeOutboxFile, type OutboxFileRefusal } from "./outbox-file";
import { cachedBusinessId, loadOutboxFile, outboxFileOf, type LoadReport } from "./outbox-file-store";
import { getOfflineRuntime } from "./runtime-registry";

/** The safety net's two actions as the screens call them (the sign-out question, the sync panel). */

const db = (): OfflineDb => getOfflineRuntime()?.db ?? getOfflineDb();

/** The server this app syncs with: a file's business when the file (version 1) or the device has no business id. */
export function serverIdentity(): string {
  return new URL(SERVER_BASE || window.location.origin, window.location.href).origin;
}

const businessIdIn = (settings: readonly Setting[]): string | null => {
  const value = settings.find((s) => s.key === BUSINESS_ID_SETTING)?.value;
  return typeof value === "string" && value !== "" ? value : null;
};

/**
 * The id of the business this device is signed in to: from the settings read at start-up, else from
 * the settings the sync pulled, else (a device that has read neither yet) asked of the server; null
 * when none answers (offline before any pull), and then the file is checked by the server's address.
 */
export async function businessIdentity(): Promise<string | null> {
  const known = businessIdIn(appStore.get(settingsAtom)) ?? (await cachedBusinessId(db()).catch(() => null));
  if (known) return known;
  try {
    return businessIdIn(await api.get("setting/", { context: { silent: true } }).json<Setting[]>());
  } catch {
    return null;
  }
}

function signedInUser(): { id: number; username: string } | null {
  const user = appStore.get(tokenAtom) ? appStore.get(storedUserAtom) : null;
  return user ? { id: user.id, username: user.username } : null;
}

/** Downloads the signed-in user's unsynced documents as a file; the number saved (0: nothing waits). */
export async function saveUnsyncedToFile(): Promise<number> {
  const user = signedInUser();
  if (!user) return 0;
  const file = await outboxFileOf(db(), { business: await businessIdentity(), server: serverIdentity(), user });
  if (!file) return 0;
  saveBlob(outboxFileName(file), new Blob([serializeOutboxFile(file)], { type: "application/json" }));
  return file.entries.length;
}

export type LoadOutcome = ({ ok: true } & LoadReport) | { ok: false; reason: OutboxFileRefusal | "signed-out" };

/** Larger than any outbox a device holds; a bigger pick is not one of these files. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** Loads a picked file into the signed-in user's outbox and starts a replay of what it queued. */
export async function loadUnsyncedFile(picked: File): Promise<LoadOutcome> {
  const user = signedInUser();
  if (!user) return { ok: false, reason: "signed-out" };
  if (picked.size > MAX_FILE_BYTES) return { ok: false, reason: "malformed" };
  const parsed = parseOutboxFile(await picked.text(), { business: await businessIdentity(), server: serverIdentity() });
  if (!parsed.ok) return parsed;
  const report = await loadOutboxFile(db(), parsed.file, user.id);
  if (report.queued > 0) void getOfflineRuntime()?.outbox.replay({ force: true });
  return { ok: true, ...report };
}
