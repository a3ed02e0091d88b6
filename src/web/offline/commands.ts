import type { Options } from "ky";
import {
  commandOf,
  type CommandAnswer,
  type CommandArgs,
  type CommandName,
  type DocumentResource,
  type FormResource,
  type NetworkCommandName,
  type QueuedCommandName,
} from "./command-table";
import { requireOfflineRuntime } from "./offline-runtime";
import { pendingSales as readPendingSales, toPendingSale, type PendingSale } from "./pending-documents";
import { loadProvisionalInvoice, type ProvisionalInvoice } from "./provisional-invoice";
import type { CreateInput, CreateOutcome, ReplayReport } from "./outbox";
import type { CachedRow } from "./sync-tables";

export { pendingRow } from "./command-table";

/**
 * The one way a screen writes (DESIGN section 8, after actualbudget's named commands): by a command's
 * name from command-table.ts with its typed argument, never `db.table.put` and never the API client.
 * `runCommand` takes the commands the outbox queues offline (every such create gets its form_token,
 * the outbox and its local effects here), `sendCommand` those that need the network.
 */

type Body = Record<string, unknown>;

/** True when the outbox keeps this command while offline; false when it needs the network. */
export function isQueuedCommand(name: CommandName): name is QueuedCommandName {
  return commandOf(name).offline.queued;
}

/** The outbox entry a queued command becomes: `queuedCreate("sale-create", body)`. */
export function queuedCreate<N extends QueuedCommandName>(name: N, args: CommandArgs<N>): CreateInput {
  const command = commandOf(name);
  const localEffect = command.offline.queued ? command.offline.localEffect?.(args) : undefined;
  return { resource: command.url(args), body: (command.body(args) ?? {}) as Body, localEffect };
}

/** `runCommand("customer-create", {name, branches: [id]})`: sent at once, or queued offline. */
export function runCommand<N extends QueuedCommandName>(name: N, args: CommandArgs<N>): Promise<CreateOutcome> {
  return requireOfflineRuntime().outbox.runCreate(queuedCreate(name, args));
}

export interface SendOptions {
  /** No error toast from the API client (the screen shows the error itself). */
  silent?: boolean;
  /** False for a write that may take minutes (a backup of the whole business). */
  timeout?: number | false;
  /**
   * For a write that tells its progress as lines of JSON (an import): each line as it comes; the
   * answer is the last line.
   */
  lines?: (line: unknown) => void;
}

/** Reads an answer of JSON lines as they arrive, handing each on, and answers the last. */
async function readLines(response: Response, onLine: (line: unknown) => void): Promise<unknown> {
  const reader = response.body?.getReader();
  if (!reader) return null;
  const decoder = new TextDecoder();
  let buffered = "";
  let last: unknown = null;
  for (;;) {
    const { done, value } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    const lines = buffered.split("\n");
    buffered = done ? "" : (lines.pop() ?? "");
    for (const line of lines) {
      if (!line.trim()) continue;
      last = JSON.parse(line) as unknown;
      onLine(last);
    }
    if (done) return last;
  }
}

/**
 * `sendCommand("sale-edit", {id, body})`: a write that needs the network, sent now through the API
 * client (its errors are thrown, toasted unless silent, as before). Answers the server's JSON body,
 * or null when there is none.
 */
export async function sendCommand<N extends NetworkCommandName>(
  name: N,
  args: CommandArgs<N>,
  options: SendOptions = {},
): Promise<CommandAnswer<N>> {
  // Loaded when a write is sent: the queued side of this module also runs where the app's client and
  // its stored session are not (unit tests, the outbox in node).
  const { api } = await import("../lib/api-client");
  const command = commandOf(name);
  const body = command.body(args);
  const request: Options = { method: command.method };
  if (body instanceof FormData) request.body = body;
  else if (body !== undefined) request.json = body;
  if (options.silent) request.context = { silent: true };
  if (options.timeout !== undefined) request.timeout = options.timeout;
  if (options.lines) {
    request.headers = { accept: "application/x-ndjson" };
    return (await readLines(await api(command.url(args), request), options.lines)) as CommandAnswer<N>;
  }
  const text = await api(command.url(args), request).text();
  // The JSON body is what the table says the command answers (the server's contract, not checked here).
  return text ? (JSON.parse(text) as CommandAnswer<N>) : (null as CommandAnswer<N>);
}

/** The commands of a record or document form: `<resource>-create` and `<resource>-edit`, and where its records are read. */
export interface FormCommands {
  path: string;
  create: CommandName;
  edit: NetworkCommandName;
}

export function formCommands(resource: FormResource): FormCommands {
  const create = `${resource}-create` as CommandName;
  return { path: commandOf(create).resource, create, edit: `${resource}-edit` as NetworkCommandName };
}

/** The same for a document form, whose create is queued offline. */
export function documentCommands(resource: DocumentResource): { path: string; create: QueuedCommandName; edit: NetworkCommandName } {
  const { path, edit } = formCommands(resource);
  return { path, create: `${resource}-create` as QueuedCommandName, edit };
}

/**
 * A generic form's body as its command's argument. The form checked its values against the core
 * schema before submitting; a record made offline is still named by its "local-…" key, which the
 * outbox swaps for the server id before the request leaves.
 */
export function formArgs<N extends CommandName>(_name: N, args: object): CommandArgs<N> {
  return args;
}

/**
 * The provisional row a queued create put into the cache (its first pending-row effect), e.g. for a
 * selector to select what was just quick-created offline. Null when the create has no cached row.
 */
export async function pendingRowOf(entryId: number): Promise<CachedRow | null> {
  const entry = await requireOfflineRuntime().db.outbox.get(entryId);
  const effect = entry?.effects.find((e) => e.kind === "pending-row");
  return effect ? { ...effect.row, _pending: true, _outbox: entryId } : null;
}

/** Resend a refused entry (optionally corrected; same form_token, see outbox.ts). */
export function resendEntry(id: number, body?: Body): Promise<ReplayReport> {
  return requireOfflineRuntime().outbox.resend(id, body ? { body } : undefined);
}

/** Discard a refused entry and undo its local effects. */
export function discardEntry(id: number): Promise<void> {
  return requireOfflineRuntime().outbox.discard(id);
}

/** Sales saved on this device and not synced yet (newest first), for the sale list. */
export function pendingSales(): Promise<PendingSale[]> {
  return readPendingSales(requireOfflineRuntime().db);
}

/** The pending sale a queued `sale/` create became (its "P-<n>" number, totals), or null once synced. */
export async function pendingSaleOf(entryId: number): Promise<PendingSale | null> {
  const entry = await requireOfflineRuntime().db.outbox.get(entryId);
  return entry ? toPendingSale(entry) : null;
}

/** The printable provisional invoice of a queued sale, from the device cache (works offline). */
export function provisionalInvoiceOf(entryId: number): Promise<ProvisionalInvoice | null> {
  return loadProvisionalInvoice(requireOfflineRuntime().db, entryId);
}
