import { toIsoDate } from "../../../core/dates";
import type { Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { notFound, staleRecord } from "../../http/errors";
import { invalidChoice } from "../../http/resource";
import { readDocumentReferences, referencedRate, type DocumentReferences } from "../documents/currency-context";

/**
 * What the Sale area's documents share (sales, their returns, quotations): the document types they are
 * booked under, the header check of a sale or quotation, and the guards of an edit.
 */

export const SALE_DOC = "sale";
export const SALE_RETURN_DOC = "sale_return";
export const SALE_QUOTATION_DOC = "sale_quotation";

export const today = () => toIsoDate(new Date());

export interface CheckedHeader {
  branchId: number;
  inventoryId: number;
  customerId: number;
  currencyId: number;
  exchangeRate: string;
  references: DocumentReferences;
}

export async function checkHeader(
  tx: Tx,
  auth: AuthContext,
  body: { branch: number; inventory: number; customer: number; currency: number; exchange_rate?: string | null; cashbox?: number | null },
): Promise<CheckedHeader> {
  if (!auth.branchIds.includes(body.branch)) throw invalidChoice("branch");
  const references = await readDocumentReferences(tx, auth, {
    inventory: body.inventory,
    partner: { table: "customer", id: body.customer },
    currency: body.currency,
    cashbox: body.cashbox ?? null,
  });
  if (references.inventoryBranchId !== body.branch) throw invalidChoice("inventory");
  if (references.partnerBranchId !== body.branch) throw invalidChoice("customer");
  const exchangeRate = referencedRate(references, body.exchange_rate);
  return {
    branchId: body.branch,
    inventoryId: body.inventory,
    customerId: body.customer,
    currencyId: body.currency,
    exchangeRate,
    references,
  };
}

/** The locked row when the caller may see its branch; 404 otherwise (another branch's documents do not exist for them). */
export function visibleOr404<T extends { branchId: number }>(row: T | null | undefined, auth: AuthContext): T {
  if (!row || !auth.branchIds.includes(row.branchId)) throw notFound();
  return row;
}

export function assertFresh(row: { updatedAt: Date }, clientStamp: unknown) {
  if (typeof clientStamp !== "string" || clientStamp === "") return;
  if (row.updatedAt.getTime() !== new Date(clientStamp).getTime()) throw staleRecord();
}

export type Validate<T> = (payload: unknown) => Promise<T>;

export type Written = { id: number; branchId: number };
