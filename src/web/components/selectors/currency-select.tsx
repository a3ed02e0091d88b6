import { useAtomValue } from "jotai";
import { useLingui } from "@lingui/react/macro";
import type { CurrencyRef } from "../../../core/api-types";
import { currenciesAtom } from "../../lib/app-state";
import { EntitySelect } from "./entity-select";
import type { SelectorProps } from "./reference-select";
import { useAllList } from "./use-all-list";

/** The currencies loaded at start-up (or currency/all/ when start-up has not loaded them). */
export function useCurrencies(): CurrencyRef[] {
  const loaded = useAtomValue(currenciesAtom);
  const fetched = useAllList<CurrencyRef>(loaded.length === 0 ? "currency/" : null);
  return loaded.length > 0 ? loaded : fetched.items;
}

export function CurrencySelect({ allowCreate: _ignored, currencies: given, ...props }: SelectorProps & { currencies?: CurrencyRef[] }) {
  const { t } = useLingui();
  const loaded = useCurrencies();
  const items = (given ?? loaded).map((c) => ({ ...c, name: c.code }));
  return <EntitySelect label={t`Currency`} {...props} items={items} onChange={(id) => props.onChange(id)} />;
}
