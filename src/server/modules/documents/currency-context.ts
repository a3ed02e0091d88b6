import { and, desc, eq, isNull } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import type { Executor } from "../../db/client";
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
export async function documentRate(ex: Executor, currencyId: number, sent?: string | null): Promise<string> {
  const [cur] = await ex.select().from(currency).where(and(eq(currency.id, currencyId), isNull(currency.deletedAt)));
  if (!cur) throw fieldErrors({ currency: [MESSAGES.invalidChoice] });
  if (cur.isBase) return "1";
  if (sent && Number(sent) > 0) return sent;
  const [latest] = await ex
    .select({ rate: exchangeRate.rate })
    .from(exchangeRate)
    .where(and(eq(exchangeRate.currencyId, currencyId), isNull(exchangeRate.deletedAt)))
    .orderBy(desc(exchangeRate.inputDate), desc(exchangeRate.id))
    .limit(1);
  if (!latest) throw fieldErrors({ exchange_rate: [MESSAGES.enterExchangeRate] });
  return latest.rate;
}

/** A cashbox the document may pay from: in the document's branch and currency. */
export async function assertCashbox(ex: Executor, cashboxId: number, branchId: number, currencyId: number): Promise<void> {
  const [row] = await ex.select().from(cashbox).where(and(eq(cashbox.id, cashboxId), isNull(cashbox.deletedAt)));
  if (!row || row.branchId !== branchId) throw fieldErrors({ cashbox: [MESSAGES.invalidChoice] });
  if (row.currencyId !== currencyId) throw fieldErrors({ cashbox: [MESSAGES.cashboxCurrencyMismatch] });
}
