import { textOf } from "../../core/text";
import type { OfflineDb } from "./db";
import { OFFLINE_MONEY_DOCUMENTS, type OfflineMoneyResource } from "./money-effects";
import { pendingDocuments, type PendingDocument } from "./pending-documents";
import { isLocalKey, type CachedTableName } from "./sync-tables";

/**
 * Money documents (expenses, incomes, receipts, payments) saved on this device and not synced yet,
 * for their lists' "waiting to sync" rows: provisional number, date, party, cashbox, amount, note.
 */
export interface PendingMoneyDocument extends PendingDocument {
  input_date: string;
  cashbox: number | null;
  amount: string;
  note: string;
  /** The customer's or supplier's name (receipts and payments), from the device cache. */
  party_name: string;
}

const PARTY_TABLE: Partial<Record<OfflineMoneyResource, { field: string; table: CachedTableName }>> = {
  "accounting/receipt/": { field: "customer", table: "customer" },
  "accounting/payment/": { field: "supplier", table: "supplier" },
};

export const isOfflineMoneyResource = (resource: string): resource is OfflineMoneyResource => resource in OFFLINE_MONEY_DOCUMENTS;

export function toPendingMoneyDocument(doc: PendingDocument, partyName = ""): PendingMoneyDocument {
  const body = doc.body;
  return {
    ...doc,
    input_date: textOf(body.input_date),
    cashbox: typeof body.cashbox === "number" ? body.cashbox : null,
    amount: textOf(body.amount, "0") || "0",
    note: textOf(body.note),
    party_name: partyName,
  };
}

/** A resource's pending money documents, newest first, with their party's cached name. */
export async function pendingMoneyDocuments(db: OfflineDb, resource: OfflineMoneyResource): Promise<PendingMoneyDocument[]> {
  const docs = await pendingDocuments(db, resource);
  const party = PARTY_TABLE[resource];
  const names = new Map<unknown, string>();
  if (party) {
    const ids = [...new Set(docs.map((d) => d.body[party.field]).filter((id) => typeof id === "number" || isLocalKey(id)))];
    const rows = ids.length > 0 ? await db.rows(party.table).bulkGet(ids) : [];
    for (const row of rows) if (row) names.set(row.id, textOf(row.name));
  }
  return docs.map((d) => toPendingMoneyDocument(d, party ? (names.get(d.body[party.field]) ?? "") : "")).reverse();
}
