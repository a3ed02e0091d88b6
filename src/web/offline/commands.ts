import type { LocalEffect, PendingRowEffect } from "./db";
import { purchaseEffects, quotationConvertEffects, saleEffects, saleExtraEffects } from "./document-effects";
import { moneyDocumentEffects } from "./money-effects";
import { requireOfflineRuntime } from "./offline-runtime";
import {
  pendingSales as readPendingSales,
  quotationConvertResource,
  saleExtraResource,
  toPendingSale,
  type PendingSale,
} from "./pending-documents";
import { loadProvisionalInvoice, type ProvisionalInvoice } from "./provisional-invoice";
import type { CreateInput, CreateOutcome, ReplayReport } from "./outbox";
import { newLocalKey, type CachedRow, type CachedTableName } from "./sync-tables";

/**
 * The one command layer for creates (DESIGN section 8, after actualbudget's named commands): screens
 * call `runCreate` or a named command, never `db.table.put` and never a bare POST for a create, so
 * every create gets a form_token, the outbox and its local effects in one place.
 */

/** Any create: `runCreate({resource: "customer/", body, localEffect: pendingRow("customer", {...})})`. */
export function runCreate(input: CreateInput): Promise<CreateOutcome> {
  return requireOfflineRuntime().outbox.runCreate(input);
}

/** A provisional row for a cached table, shown with a "pending sync" badge until the server answers. */
export function pendingRow(table: CachedTableName, columns: Omit<CachedRow, "id">): PendingRowEffect {
  return { kind: "pending-row", table, row: { ...columns, id: newLocalKey(), deleted_at: null } };
}

type Body = Record<string, unknown>;

interface CreateCommand {
  resource: string;
  /** What to show while the create waits: a cached row, a pending document, the stock it moves. */
  localEffect?: (body: Body) => LocalEffect | LocalEffect[];
}

const nameRow = (table: CachedTableName) => (body: Body) => pendingRow(table, { name: body.name });

/** Named creates: the cached master data, and the documents that move stock. */
export const CREATE_COMMANDS = {
  "item-group-create": { resource: "item-group/", localEffect: nameRow("item_group") },
  "measurement-create": { resource: "measurement/", localEffect: nameRow("measurement") },
  "city-create": { resource: "city/", localEffect: nameRow("city") },
  "item-subgroup-create": {
    resource: "item-subgroup/",
    localEffect: (body) => pendingRow("item_subgroup", { name: body.name, item_group_id: body.item_group ?? null }),
  },
  "supplier-create": {
    resource: "supplier/",
    localEffect: (body) =>
      pendingRow("supplier", {
        name: body.name,
        phone: body.phone ?? "",
        address: body.address ?? "",
        branches: Array.isArray(body.branches) ? body.branches : [],
      }),
  },
  "customer-create": {
    resource: "customer/",
    localEffect: (body) =>
      pendingRow("customer", {
        name: body.name,
        phone: body.phone ?? "",
        address: body.address ?? "",
        city_id: body.city ?? null,
        // The customer form sends its branch, quick-create `branches` (ids) as SPEC's call table has it.
        branch_id: body.branch ?? (Array.isArray(body.branches) ? (body.branches[0] ?? null) : null),
        is_general: body.is_general ?? false,
      }),
  },
  // A queued sale is numbered "P-<n>" and takes its stock at once; refused on the device when the
  // cached stock is short (outbox.ts). A queued purchase adds to the stock rows the device has.
  "sale-create": { resource: "sale/", localEffect: saleEffects },
  "purchase-create": { resource: "purchase/", localEffect: purchaseEffects },
  // A queued money document is numbered "P-<n>" and moves its cashbox's balance as the device shows it.
  "expense-create": { resource: "accounting/expense/", localEffect: (body) => moneyDocumentEffects("accounting/expense/", body) },
  "income-create": { resource: "accounting/income/", localEffect: (body) => moneyDocumentEffects("accounting/income/", body) },
  "receipt-create": { resource: "accounting/receipt/", localEffect: (body) => moneyDocumentEffects("accounting/receipt/", body) },
  "payment-create": { resource: "accounting/payment/", localEffect: (body) => moneyDocumentEffects("accounting/payment/", body) },
} satisfies Record<string, CreateCommand>;

export type CreateCommandName = keyof typeof CREATE_COMMANDS;

/** `runCommand("customer-create", {name, branches: [id]})`. */
export function runCommand(name: CreateCommandName, body: Body): Promise<CreateOutcome> {
  const command: CreateCommand = CREATE_COMMANDS[name];
  return runCreate({ resource: command.resource, body, localEffect: command.localEffect?.(body) });
}

/**
 * Converts a quotation into a sale (`POST sale-quotation/:id/convert/`, idempotent on form_token):
 * `body` is the payment the request sends, `sale` the sale it becomes as a `POST sale/` body (from
 * the quotation on screen). Offline the sale is queued under a provisional number and takes its
 * stock from the cache at once, like a sale made on the sale screen.
 */
export function convertQuotation(quotationId: number, body: Body, sale: Body): Promise<CreateOutcome> {
  return runCreate(quotationConvertCreate(quotationId, body, sale));
}

export const quotationConvertCreate = (quotationId: number, body: Body, sale: Body): CreateInput => ({
  resource: quotationConvertResource(quotationId),
  body,
  localEffect: quotationConvertEffects(sale),
});

/** Extra material for a sale (`POST sale/:id/extra/`): offline it is queued and its stock taken at once. */
export function addSaleExtra(saleId: number, body: Body): Promise<CreateOutcome> {
  return runCreate(saleExtraCreate(saleId, body));
}

export const saleExtraCreate = (saleId: number, body: Body): CreateInput => ({
  resource: saleExtraResource(saleId),
  body,
  localEffect: saleExtraEffects(body),
});

/**
 * A create by resource path, with the local effect of its named command when there is one (the
 * generic form hook knows only its endpoint): `createByResource("item-group/", body)`.
 */
export function createByResource(resource: string, body: Body): Promise<CreateOutcome> {
  const path = resource.endsWith("/") ? resource : `${resource}/`;
  const command: CreateCommand | undefined = Object.values(CREATE_COMMANDS).find((c: CreateCommand) => c.resource === path);
  return runCreate({ resource: path, body, localEffect: command?.localEffect?.(body) });
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
