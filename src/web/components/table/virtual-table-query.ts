import { formatAmount, sum, tryMoney } from "../../../core/money";
import { readField, type ColumnDef } from "./column-def";
import { toQueryParams, type ListQueryState } from "./list-query-state";

/** SPEC section 3: "The virtual table uses start_date and end_date." */
const VIRTUAL_DATE_KEYS = { start: "start_date", end: "end_date" };

/**
 * Query parameters of the whole list: the toolbar's filters with the range as start_date and end_date
 * (SPEC section 3). It has no column filters or search of its own, so none saved by a paged table of the
 * same screen is sent unseen; the rows come in the server's order.
 */
export function virtualTableParams(state: ListQueryState): Record<string, string> {
  return toQueryParams({ ...state, filters: {}, search: "", ordering: "" }, { unpaged: true, dateKeys: VIRTUAL_DATE_KEYS });
}

/** Sums of the `sum` columns over every row (column key -> shown amount); a cell that is no amount counts nothing. */
export function virtualTableTotals<Row>(columns: readonly ColumnDef<Row>[], rows: readonly Row[]): Record<string, string> {
  const totals: Record<string, string> = {};
  for (const column of columns) {
    if (!column.sum) continue;
    totals[column.key] = formatAmount(sum(rows.map((row) => tryMoney(readField(row, column.key)) ?? 0)));
  }
  return totals;
}
