import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { queryRows, type Executor } from "../../db/client";
import { cashbox, currency, exchangeRate } from "../../db/tables";
import { fieldErrors } from "../../http/errors";

/** The base currency's id (IQD in the demo). */
export async function baseCurrencyId(ex: Executor): Promise<number> {
  const [row] = await ex.select({ id: currency.id }).from(currency).where(eq(currency.isBase, true)).limit(1);
  return row.id;
}

/**
 * The exchange rate a document is saved with: 1 for the base currency, otherwise the one the
 * client sent (the rate on screen when the user keyed it in), else the latest on record.
 */
function chooseRate(cur: { isBase: boolean } | null, sent: string | null | undefined, latest: string | null): string {
  if (!cur) throw fieldErrors({ currency: [MESSAGES.invalidChoice] });
  if (cur.isBase) return "1";
  if (sent && Number(sent) > 0) return sent;
  if (!latest) throw fieldErrors({ exchange_rate: [MESSAGES.enterExchangeRate] });
  return latest;
}

/** A cashbox the document may pay from: in the document's branch and currency. */
function checkCashbox(row: { branchId: number; currencyId: number } | null, branchId: number, currencyId: number): void {
  if (!row || row.branchId !== branchId) throw fieldErrors({ cashbox: [MESSAGES.invalidChoice] });
  if (row.currencyId !== currencyId) throw fieldErrors({ cashbox: [MESSAGES.cashboxCurrencyMismatch] });
}

export async function documentRate(ex: Executor, currencyId: number, sent?: string | null): Promise<string> {
  const [cur] = await ex.select().from(currency).where(and(eq(currency.id, currencyId), isNull(currency.deletedAt)));
  if (cur?.isBase || (sent && Number(sent) > 0)) return chooseRate(cur ?? null, sent, null);
  const [latest] = await ex
    .select({ rate: exchangeRate.rate })
    .from(exchangeRate)
    .where(and(eq(exchangeRate.currencyId, currencyId), isNull(exchangeRate.deletedAt)))
    .orderBy(desc(exchangeRate.inputDate), desc(exchangeRate.id))
    .limit(1);
  return chooseRate(cur ?? null, sent, latest?.rate ?? null);
}

export async function assertCashbox(ex: Executor, cashboxId: number, branchId: number, currencyId: number): Promise<void> {
  const [row] = await ex.select().from(cashbox).where(and(eq(cashbox.id, cashboxId), isNull(cashbox.deletedAt)));
  checkCashbox(row ?? null, branchId, currencyId);
}

/** What a document's header refers to, read in one round trip (sales are booked at the counter's pace). */
export interface DocumentReferences {
  /** Branch of the inventory, null when it does not exist. */
  inventoryBranchId: number | null;
  /** Branch of the customer or supplier, null when it does not exist. */
  partnerBranchId: number | null;
  currency: { isBase: boolean } | null;
  latestRate: string | null;
  baseCurrencyId: number;
  cashbox: { branchId: number; currencyId: number } | null;
}

export async function readDocumentReferences(
  ex: Executor,
  refs: { inventory: number; partner: { table: "customer" | "supplier"; id: number }; currency: number; cashbox: number | null },
): Promise<DocumentReferences> {
  const [row] = await queryRows<{
    inventory_branch: number | null;
    partner_branch: number | null;
    currency_is_base: boolean | null;
    latest_rate: string | null;
    base_currency: number;
    cashbox_branch: number | null;
    cashbox_currency: number | null;
  }>(
    ex,
    sql`select
          (select branch_id from inventory where id = ${refs.inventory} and deleted_at is null) as inventory_branch,
          (select branch_id from ${sql.identifier(refs.partner.table)} where id = ${refs.partner.id} and deleted_at is null) as partner_branch,
          (select is_base from currency where id = ${refs.currency} and deleted_at is null) as currency_is_base,
          (select rate::text from exchange_rate where currency_id = ${refs.currency} and deleted_at is null
             order by input_date desc, id desc limit 1) as latest_rate,
          (select id from currency where is_base limit 1) as base_currency,
          cb.branch_id as cashbox_branch, cb.currency_id as cashbox_currency
        from (select 1) one
        left join cashbox cb on cb.id = ${refs.cashbox} and cb.deleted_at is null`,
  );
  return {
    inventoryBranchId: row.inventory_branch,
    partnerBranchId: row.partner_branch,
    currency: row.currency_is_base === null ? null : { isBase: row.currency_is_base },
    latestRate: row.latest_rate,
    baseCurrencyId: row.base_currency,
    cashbox: row.cashbox_branch === null ? null : { branchId: row.cashbox_branch, currencyId: row.cashbox_currency as number },
  };
}

/** The rate and cashbox rules of documentRate/assertCashbox, on references already read. */
export const referencedRate = (refs: DocumentReferences, sent?: string | null) => chooseRate(refs.currency, sent, refs.latestRate);
export const checkReferencedCashbox = (refs: DocumentReferences, branchId: number, currencyId: number) => checkCashbox(refs.cashbox, branchId, currencyId);
