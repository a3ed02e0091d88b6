import { sum, toDecimalString } from "../../core/money";
import { invoiceStanding, type PaymentStatus } from "../../core/payment-status";
import { netTotal, saleLineTotals } from "../../core/posting";
import { META, type OfflineDb, type OutboxEntry, type OutboxStatus } from "./db";
import { isPendingSaleDoc } from "./document-effects";
import { isLocalKey, type RowKey } from "./sync-tables";
import { textOf } from "../../core/text";

/**
 * Documents saved on this device and not synced yet, read from the outbox (the source of truth):
 * the entries with a `pending-doc` effect. The sale list shows them first with a "pending sync"
 * badge and their provisional number; once the server has booked one it leaves the outbox and the
 * server's list has it.
 */

type Body = Record<string, unknown>;

export interface PendingDocument {
  /** "pending-<entry id>": never a server id. */
  id: string;
  entry_id: number;
  /** The provisional number, "P-<n>" (null only for an entry not queued yet). */
  invoice_no: string | null;
  _pending: true;
  status: OutboxStatus;
  /** The server's refusal, when it needs attention. */
  message: string | null;
  created_at: string;
  body: Body;
}

export interface PendingSale extends PendingDocument {
  branch: number | null;
  inventory: number | null;
  customer: number | string | null;
  customer_name: string;
  currency: number | null;
  payment_type: string;
  cashbox: number | null;
  items_count: number;
  /** Sum of the lines, before the invoice discount (as the server's total_price). */
  total_price: string;
  discount: string;
  net_price: string;
  paid_amount: string;
  payment_status: PaymentStatus;
}

/** The outbox resources of the sale screens' creates. */
export const SALE_RESOURCE = "sale/";
export const saleExtraResource = (saleId: number | string) => `sale/${saleId}/extra/`;
export const quotationConvertResource = (quotationId: number | string) => `sale-quotation/${quotationId}/convert/`;
const QUOTATION_CONVERT = /^sale-quotation\/\d+\/convert\/$/;

/**
 * The sale an entry books, as a `POST sale/` body: a sale's own body, or the sale a quotation
 * conversion becomes (kept in its pending-doc effect, with the payment of the request); else null.
 */
export function saleBodyOf(entry: OutboxEntry): Body | null {
  if (entry.resource === SALE_RESOURCE) return entry.body;
  if (!QUOTATION_CONVERT.test(entry.resource)) return null;
  const doc = entry.effects.find(isPendingSaleDoc);
  if (!doc) return null;
  const { payment_type, cashbox, paid_amount } = entry.body;
  return { ...doc.sale, payment_type, cashbox, paid_amount };
}

const numberOrNull = (value: unknown): number | null => (typeof value === "number" ? value : null);
const decimalText = (value: unknown): string => textOf(value, "0") || "0";

function refusal(entry: OutboxEntry): string | null {
  if (entry.status !== "needs_attention") return null;
  const body = entry.server_message?.body as { message?: unknown } | null | undefined;
  return typeof body?.message === "string" ? body.message : entry.last_error;
}

export function toPendingDocument(entry: OutboxEntry): PendingDocument | null {
  const doc = entry.effects.find((effect) => effect.kind === "pending-doc");
  if (!doc || entry.id === undefined) return null;
  return {
    id: `pending-${entry.id}`,
    entry_id: entry.id,
    invoice_no: doc.number,
    _pending: true,
    status: entry.status,
    message: refusal(entry),
    created_at: new Date(entry.created_at).toISOString(),
    body: entry.body,
  };
}

const saleLines = (body: Body): Body[] =>
  Array.isArray(body.items) ? body.items.filter((l): l is Body => !!l && typeof l === "object") : [];

/** Totals of a sale body, as the server computes them (src/core/posting.ts). */
export function saleTotals(body: Body): {
  total_price: string;
  discount: string;
  net_price: string;
  paid_amount: string;
  payment_status: PaymentStatus;
} {
  const total = sum(
    saleLines(body).map(
      (line) =>
        saleLineTotals({
          quantity: decimalText(line.quantity ?? 1),
          price: decimalText(line.price),
          fee: decimalText(line.fee),
          discount: decimalText(line.discount),
        }).total_price,
    ),
  );
  const discount = decimalText(body.discount);
  const net = netTotal(total, discount);
  const paid = decimalText(body.paid_amount);
  return {
    total_price: toDecimalString(total),
    discount: toDecimalString(discount),
    net_price: toDecimalString(net),
    paid_amount: toDecimalString(paid),
    // Nothing is returned against a sale the server has not booked yet.
    payment_status: invoiceStanding(net, 0, paid).status,
  };
}

export function toPendingSale(entry: OutboxEntry, customerNames: ReadonlyMap<unknown, string> = new Map()): PendingSale | null {
  const doc = toPendingDocument(entry);
  const body = saleBodyOf(entry);
  if (!doc || !body) return null;
  const customer = typeof body.customer === "number" || typeof body.customer === "string" ? body.customer : null;
  return {
    ...doc,
    branch: numberOrNull(body.branch),
    inventory: numberOrNull(body.inventory),
    customer,
    customer_name: customer === null ? "" : (customerNames.get(customer) ?? ""),
    currency: numberOrNull(body.currency),
    payment_type: typeof body.payment_type === "string" ? body.payment_type : "cash",
    cashbox: numberOrNull(body.cashbox),
    items_count: saleLines(body).length,
    ...saleTotals(body),
  };
}

/** The cache owner's waiting entries of a resource ("sale/") or that match, oldest first. */
async function entriesOf(db: OfflineDb, resource: string | ((entry: OutboxEntry) => boolean)): Promise<OutboxEntry[]> {
  const owner = await db.getMeta<number>(META.userId);
  if (owner === undefined) return [];
  const entries = await db.outbox.where("user_id").equals(owner).sortBy("id");
  return entries.filter(typeof resource === "string" ? (entry) => entry.resource === resource : resource);
}

/** Pending documents of a resource, e.g. `pendingDocuments(db, "purchase/")`. */
export async function pendingDocuments(db: OfflineDb, resource: string): Promise<PendingDocument[]> {
  return (await entriesOf(db, resource)).flatMap((entry) => toPendingDocument(entry) ?? []);
}

/** Sales saved on this device and not synced yet (quotations converted offline too), newest first (as the sale list sorts). */
export async function pendingSales(db: OfflineDb): Promise<PendingSale[]> {
  const entries = await entriesOf(db, (entry) => saleBodyOf(entry) !== null);
  const customerIds = [
    ...new Set(entries.map((e) => saleBodyOf(e)?.customer).filter((c): c is RowKey => typeof c === "number" || isLocalKey(c))),
  ];
  const customers = customerIds.length > 0 ? await db.ref("customer").bulkGet(customerIds) : [];
  const names = new Map<unknown, string>();
  for (const row of customers) if (row) names.set(row.id, textOf(row.name));
  return entries.flatMap((entry) => toPendingSale(entry, names) ?? []).reverse();
}
