import { useState, type ReactNode } from "react";
import { useAtomValue } from "jotai";
import { useLingui } from "@lingui/react/macro";
import type { DateRange } from "../../../core/dates";
import { currenciesAtom } from "../../lib/app-state";
import { useDebouncedCallback } from "../../lib/debounce";
import { TIMINGS } from "../../lib/timings";
import { useCurrentUser } from "../../lib/use-permission";
import { DateRangePicker } from "../date-range-picker";
import { MultiSelect } from "../multi-select";
import { useAllList } from "../selectors/use-all-list";
import type { CurrencyRef } from "../../../core/api-types";

export interface ListFiltersProps {
  showBranch: boolean;
  branches: number[];
  onBranches: (branches: number[]) => void;
  showDate: boolean;
  dateRange: DateRange | null;
  onDateRange: (range: DateRange | null) => void;
  showCurrency: boolean;
  currencies: number[];
  onCurrencies: (currencies: number[]) => void;
  extra?: ReactNode;
}

/**
 * The filters above a list: branch (only with more than one branch), date range, currency, and extras.
 * The branch choice applies once the user stops picking, and never in the table's first moments
 * (SPEC section 9), so a few quick ticks reload the list once.
 */
export function ListFilters(props: ListFiltersProps) {
  const { t } = useLingui();
  const [pickedBranches, setPickedBranches] = useState<number[] | null>(null);
  const applyBranches = useDebouncedCallback(
    (branches: number[]) => {
      setPickedBranches(null);
      props.onBranches(branches);
    },
    TIMINGS.branchSelectDebounceMs,
    TIMINGS.tableMountWaitMs,
  );
  const user = useCurrentUser();
  const loadedCurrencies = useAtomValue(currenciesAtom);
  // Falls back to the server when start-up has not loaded the currencies.
  const fetched = useAllList<CurrencyRef>(props.showCurrency && loadedCurrencies.length === 0 ? "currency/" : null);
  const currencies = loadedCurrencies.length > 0 ? loadedCurrencies : fetched.items;
  const branchOptions = (user?.branches ?? []).map((b) => ({ value: b.id, label: b.name }));
  return (
    <>
      {props.showBranch && branchOptions.length > 1 ? (
        <MultiSelect
          label={t`Branch`}
          options={branchOptions}
          value={pickedBranches ?? props.branches}
          active={(pickedBranches ?? props.branches).length > 0}
          onChange={(values) => {
            const branches = values.map(Number);
            setPickedBranches(branches);
            applyBranches(branches);
          }}
        />
      ) : null}
      {props.showDate ? <DateRangePicker value={props.dateRange} onChange={props.onDateRange} /> : null}
      {props.showCurrency ? (
        <MultiSelect
          label={t`Currency`}
          options={currencies.map((c) => ({ value: c.id, label: c.code }))}
          value={props.currencies}
          active={props.currencies.length > 0}
          onChange={(values) => props.onCurrencies(values.map(Number))}
        />
      ) : null}
      {props.extra}
    </>
  );
}
