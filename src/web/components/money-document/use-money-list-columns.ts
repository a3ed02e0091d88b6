import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../table/column-def";

/**
 * The columns of a money document's list: number, date, the document's own columns, currency, amount
 * (summed), note. `own` is memoised by the caller.
 */
export function useMoneyListColumns<R>(own: ColumnDef<R>[]): ColumnDef<R>[] {
  const { t } = useLingui();
  return useMemo<ColumnDef<R>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      ...own,
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "amount", title: t`Amount`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t, own],
  );
}
