import type { ReactNode } from "react";
import type { TableCellProps } from "@chakra-ui/react";

export type FilterType = "text" | "number" | "list";
/** How a cell is shown when no `render` is given. */
export type CellKind = "text" | "money" | "date" | "badge";

/** An option of a list filter: any record, read through itemTitle / itemValue. */
export type ListOption = Record<string, unknown>;

export interface RowHelpers {
  reload: () => void;
}

/** A column of the paged, virtual or simple table (SPEC section 3, plus render and kind). */
export interface ColumnDef<Row> {
  /** Field of the row shown, and the sort key. */
  key: string;
  /** Query field name used for filtering; defaults to key. */
  column?: string;
  /** Translated header text. */
  title: string;
  sortable?: boolean;
  width?: string | number;
  align?: "start" | "center" | "end";
  cellProps?: TableCellProps;
  filterType?: FilterType;
  list?: readonly ListOption[];
  /** Endpoint searched (GET ?search=) for list options. */
  listEndpoint?: string;
  itemTitle?: string;
  /** A list filter applies its choice this long after the last pick (item group and subgroup: SPEC section 9). */
  listFilterDebounceMs?: number;
  itemValue?: string;
  kind?: CellKind;
  /** Colour palette of a badge cell, from the row. */
  badgeColor?: (row: Row) => string;
  /** Custom cell; `reload` refreshes the list (after a row delete, for instance). */
  render?: (row: Row, helpers: RowHelpers) => ReactNode;
  /** Plain text used by print and CSV export; defaults to the formatted field. */
  text?: (row: Row) => string;
  /** Shows sum_<key> from totals/ in the footer. */
  sum?: boolean;
  /** Not printed nor exported (actions column). */
  noPrint?: boolean;
}

/** Reads a possibly dotted path ("item.name") from a row. */
export function readField(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const part of path.split(".")) {
    if (value === null || value === undefined || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
