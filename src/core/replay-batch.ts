/**
 * The batch replay of the outbox (DESIGN section 4): `POST sync/replay/` takes an ordered
 * list of queued creates and the server runs them one after the other through their own routes, so
 * a device on a slow link pays one round trip per batch instead of one per create. Both sides read
 * the rules here: which creates may go in a batch, how large a batch may be, and which answers end it.
 * The server's check of a batch's shape is in validation/replay-batch-schema.ts: the device's outbox
 * reads these rules without loading the validation library (the first screen's JavaScript).
 */

/** Most entries in one batch: at 10 to 30 ms a sale on the server, a batch answers within a few seconds. */
export const REPLAY_BATCH_MAX_ENTRIES = 50;

/** Most bytes of a batch's JSON body (the server's body limit for the route); a larger entry goes alone. */
export const REPLAY_BATCH_MAX_BYTES = 512 * 1024;

/** The batch route, as the outbox's transport names it (under /api/). */
export const REPLAY_BATCH_PATH = "sync/replay/";

const ID = "[1-9][0-9]{0,9}";

/**
 * The creates a device queues offline (the outbox's named commands, the document forms that work
 * offline, the quotation's conversion and a sale's extra material), paths under /api/. All of them
 * are idempotent creates by form_token. Anything else the outbox holds (an online-only form whose
 * request met a dead network) is replayed alone, as before; the batch route itself is never listed.
 */
const BATCH_CREATES: readonly RegExp[] = [
  "item-group/",
  "measurement/",
  "item-subgroup/",
  "city/",
  "supplier/",
  "customer/",
  "sale/",
  `sale/${ID}/extra/`,
  "sale-return/",
  "sale-quotation/",
  `sale-quotation/${ID}/convert/`,
  "purchase/",
  "purchase-return/",
  "inventory-stock-transfer/",
  "damaged-stock/",
  "accounting/expense/",
  "accounting/income/",
  "accounting/receipt/",
  "accounting/payment/",
].map((path) => new RegExp(`^${path}$`));

export const isBatchableCreate = (path: string): boolean => BATCH_CREATES.some((pattern) => pattern.test(path));

const RETRY_STATUSES = new Set([408, 409, 425, 429]);

/**
 * An answer that says "not now" rather than "no": the outbox retries the entry with backoff, and the
 * batch stops there, since what follows may depend on it (a sale on the stock of a purchase before it).
 */
export const isRetryStatus = (status: number): boolean => status >= 500 || RETRY_STATUSES.has(status);

/** The batch stops at an entry answered so: retry later, or the session is gone (401). */
export const endsBatch = (status: number): boolean => status === 401 || isRetryStatus(status);

export interface ReplayBatchEntry {
  /** Path under /api/ with its trailing slash: "sale/". */
  path: string;
  /** The create's body, form_token included. */
  body: Record<string, unknown>;
}

export interface ReplayBatchRequest {
  entries: ReplayBatchEntry[];
}

/** One entry's answer: the route's status and body as a direct call would have had them, or not tried. */
export type ReplayEntryResult = { status: number; body: unknown } | { not_attempted: true };

export interface ReplayBatchAnswer {
  /** One per entry, in order: answered up to the first entry that ends the batch, not attempted after it. */
  results: ReplayEntryResult[];
}
