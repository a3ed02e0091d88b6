import { useCallback, useMemo } from "react";
import { useAtomValue } from "jotai";
import type { CurrencyRef } from "../../../core/api-types";
import { baseCurrencyAtom, exchangeRatesAtom } from "../../lib/app-state";
import { useCachedTable } from "../../offline/sync-status";
import type { CachedRow } from "../../offline/sync-tables";
import { useCurrencies } from "../selectors/currency-select";
import { textOf } from "../../../core/text";

const BASE_CODE = "IQD";

/**
 * Currencies, the base currency and the latest rate of each, for document forms: app state when
 * start-up loaded it, else the device cache (currency and exchange_rate tables), so a form opened
 * offline after a reload still has its currency and rate.
 */
export function useDocumentCurrency() {
  const loaded = useCurrencies();
  const base = useAtomValue(baseCurrencyAtom);
  const rates = useAtomValue(exchangeRatesAtom);
  const cachedCurrencies = useCachedTable("currency", (t) => t.toArray(), []);
  const cachedRates = useCachedTable("exchange_rate", (t) => t.toArray(), []);

  const currencies = useMemo<CurrencyRef[]>(() => {
    if (loaded.length > 0) return loaded;
    return (cachedCurrencies ?? [])
      .filter((r) => !r.deleted_at && typeof r.id === "number")
      .map((r) => ({ id: r.id as number, code: textOf(r.code), symbol: textOf(r.symbol) }));
  }, [loaded, cachedCurrencies]);

  const baseCurrency = useMemo<CurrencyRef | null>(() => {
    if (base) return base;
    const cachedBase = (cachedCurrencies ?? []).find((r) => r.is_base === true);
    return (
      (cachedBase ? currencies.find((c) => c.id === cachedBase.id) : undefined) ?? currencies.find((c) => c.code === BASE_CODE) ?? null
    );
  }, [base, cachedCurrencies, currencies]);

  /** Base units per unit of the currency ("1" for the base currency, "" when unknown). */
  const rateOf = useCallback(
    (currencyId: number | null): string => {
      if (currencyId === null || currencyId === baseCurrency?.id) return "1";
      const fromState = rates.find((r) => r.currency.id === currencyId)?.rate;
      if (fromState) return fromState;
      const latest = (cachedRates ?? [])
        .filter((r: CachedRow) => !r.deleted_at && r.currency_id === currencyId)
        .sort((a, b) => String(b.input_date).localeCompare(String(a.input_date)) || Number(b.id) - Number(a.id))[0];
      return latest ? String(latest.rate) : "";
    },
    [baseCurrency, rates, cachedRates],
  );

  return { currencies, baseCurrency, rateOf };
}
