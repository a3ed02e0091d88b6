import type { ReactNode } from "react";
import type { ColumnDef } from "./column-def";
import { ListFilters } from "./list-filters";
import type { ListQueryAction, ListQueryState } from "./list-query-state";

/** What the paged and the virtual table both take: the list, its row actions, and the filters above it. */
export interface ListTableProps<Row> {
  /** Translated page title: names the saved query in localStorage (unless storageKey) and the printout. */
  title: string;
  /** Stable name for the saved query, so switching language keeps it. */
  storageKey?: string;
  columns: ColumnDef<Row>[];
  rowKey?: (row: Row) => string | number;
  onRowClick?: (row: Row) => void;
  /** The add button appears only when the user holds this permission. */
  addPermission?: string;
  onAdd?: () => void;
  /** Branch multi-select (hidden anyway with a single branch); each table has its own default. */
  branchFilter?: boolean;
  dateFilter?: boolean;
  currencyFilter?: boolean;
  /** Screen-specific filters: receive the state and dispatch ({type: "extra", key, value}). */
  extraFilters?: (state: ListQueryState, dispatch: (action: ListQueryAction) => void) => ReactNode;
  /** Changing it reloads the list (the update flag). */
  reloadKey?: number;
}

export interface ListQueryFiltersProps {
  options: Pick<ListTableProps<unknown>, "branchFilter" | "dateFilter" | "currencyFilter" | "extraFilters">;
  /** Whether the branch filter shows when the table does not say. */
  branchByDefault: boolean;
  state: ListQueryState;
  dispatch: (action: ListQueryAction) => void;
}

/** The filters above a list, bound to its saved query: each change is an action on the query state. */
export function ListQueryFilters({ options, branchByDefault, state, dispatch }: ListQueryFiltersProps) {
  return (
    <ListFilters
      showBranch={options.branchFilter ?? branchByDefault}
      branches={state.branches}
      onBranches={(branches) => dispatch({ type: "branches", branches })}
      showDate={Boolean(options.dateFilter)}
      dateRange={state.dateRange}
      onDateRange={(range) => dispatch({ type: "dateRange", range })}
      showCurrency={Boolean(options.currencyFilter)}
      currencies={state.currencies}
      onCurrencies={(currencies) => dispatch({ type: "currencies", currencies })}
      extra={options.extraFilters?.(state, dispatch)}
    />
  );
}
