import { eq, sql, type SQL } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { queryRowsPrepared, type Executor } from "../../db/client";
import { currency } from "../../db/tables";
import type { AuthContext } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { cashboxNotUsable, cashboxUsableSql } from "../users/cashbox-rights";

/** The base currency's id (IQD in the demo). */
export async function baseCurrencyId(ex: Executor): Promise<number> {
  const [row] = await ex.select({ id: currency.id }).from(currency).where(eq(currency.isBase, true)).limit(1);
  return row.id;
}

/** What a document's header refers to, read in one round trip (sales are booked at the counter's pace, purchases alike). */
export interface DocumentReferences {
  /** Branch of the inventory, null when it does not exist. */
  inventoryBranchId: number | null;
  /** Branch of the customer, or the document's branch when the supplier serves it; null when absent (or not serving it). */
  partnerBranchId: number | null;
  currency: { isBase: boolean } | null;
  latestRate: string | null;
  baseCurrencyId: number;
  /** The cashbox, when it exists, with whether the caller may use it (users/cashbox-rights.ts). */
  cashbox: { branchId: number; currencyId: number; usable: boolean } | null;
}

/** A customer belongs to one branch; a supplier serves a list of them, so it is asked about the document's. */
type PartnerReference = { table: "customer"; id: number } | { table: "supplier"; id: number; branch: number };

function partnerBranch(partner: PartnerReference): SQL {
  if (partner.table === "customer") return sql`select branch_id from customer where id = ${partner.id} and deleted_at is null`;
  return sql`select sb.branch_id from supplier s join supplier_branch sb on sb.supplier_id = s.id
             where s.id = ${partner.id} and sb.branch_id = ${partner.branch} and s.deleted_at is null`;
}

export async function readDocumentReferences(
  ex: Executor,
  auth: AuthContext,
  refs: { inventory: number; partner: PartnerReference; currency: number; cashbox: number | null },
): Promise<DocumentReferences> {
  const [row] = await queryRowsPrepared<{
    inventory_branch: number | null;
    partner_branch: number | null;
    currency_is_base: boolean | null;
    latest_rate: string | null;
    base_currency: number;
    cashbox_branch: number | null;
    cashbox_currency: number | null;
    cashbox_usable: boolean | null;
  }>(
    ex,
    sql`select
          (select branch_id from inventory where id = ${refs.inventory} and deleted_at is null) as inventory_branch,
          (${partnerBranch(refs.partner)}) as partner_branch,
          (select is_base from currency where id = ${refs.currency} and deleted_at is null) as currency_is_base,
          (select rate::text from exchange_rate where currency_id = ${refs.currency} and deleted_at is null
             order by input_date desc, id desc limit 1) as latest_rate,
          (select id from currency where is_base limit 1) as base_currency,
          cb.branch_id as cashbox_branch, cb.currency_id as cashbox_currency,
          ${cashboxUsableSql(auth, sql`cb.id`)} as cashbox_usable
        from (select 1) one
        left join cashbox cb on cb.id = ${refs.cashbox} and cb.deleted_at is null`,
  );
  return {
    inventoryBranchId: row.inventory_branch,
    partnerBranchId: row.partner_branch,
    currency: row.currency_is_base === null ? null : { isBase: row.currency_is_base },
    latestRate: row.latest_rate,
    baseCurrencyId: row.base_currency,
    cashbox:
      row.cashbox_branch === null
        ? null
        : { branchId: row.cashbox_branch, currencyId: row.cashbox_currency as number, usable: row.cashbox_usable === true },
  };
}

/**
 * The exchange rate a document is saved with: 1 for the base currency, otherwise the one the
 * client sent (the rate on screen when the user keyed it in), else the latest on record.
 */
export function referencedRate(refs: DocumentReferences, sent?: string | null): string {
  if (!refs.currency) throw fieldErrors({ currency: [MESSAGES.invalidChoice] });
  if (refs.currency.isBase) return "1";
  if (sent && Number(sent) > 0) return sent;
  if (!refs.latestRate) throw fieldErrors({ exchange_rate: [MESSAGES.enterExchangeRate] });
  return refs.latestRate;
}

/** A cashbox the document may pay from: in the document's branch and currency, and one the caller may use. */
export function checkReferencedCashbox(refs: DocumentReferences, branchId: number, currencyId: number): void {
  if (!refs.cashbox || refs.cashbox.branchId !== branchId) throw fieldErrors({ cashbox: [MESSAGES.invalidChoice] });
  if (!refs.cashbox.usable) throw cashboxNotUsable();
  if (refs.cashbox.currencyId !== currencyId) throw fieldErrors({ cashbox: [MESSAGES.cashboxCurrencyMismatch] });
}
