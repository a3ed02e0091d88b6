import { saveBlob } from "../components/export/table-export";
import { SERVER_BASE } from "../lib/api-client";
import { appStore, storedUserAtom, tokenAtom } from "../lib/app-state";
import { getOfflineDb, type OfflineDb } from "./db";
import { outboxFileName, parseOutboxFile, serializeOutboxFile, type OutboxFileRefusal } from "./outbox-file";
import { loadOutboxFile, outboxFileOf, type LoadReport } from "./outbox-file-store";
import { getOfflineRuntime } from "./runtime-registry";

/** The safety net's two actions as the screens call them (the sign-out question, the sync panel). */

const db = (): OfflineDb => getOfflineRuntime()?.db ?? getOfflineDb();

/** The business a file belongs to: the server this app syncs with. */
export function serverIdentity(): string {
  return new URL(SERVER_BASE || window.location.origin, window.location.href).origin;
}

function signedInUser(): { id: number; username: string } | null {
  const user = appStore.get(tokenAtom) ? appStore.get(storedUserAtom) : null;
  return user ? { id: user.id, username: user.username } : null;
}

/** Downloads the signed-in user's unsynced documents as a file; the number saved (0: nothing waits). */
export async function saveUnsyncedToFile(): Promise<number> {
  const user = signedInUser();
  if (!user) return 0;
  const file = await outboxFileOf(db(), { server: serverIdentity(), user });
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
  const parsed = parseOutboxFile(await picked.text(), serverIdentity());
  if (!parsed.ok) return parsed;
  const report = await loadOutboxFile(db(), parsed.file, user.id);
  if (report.queued > 0) void getOfflineRuntime()?.outbox.replay({ force: true });
  return { ok: true, ...report };
}
