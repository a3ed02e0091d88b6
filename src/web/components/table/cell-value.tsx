import { Badge } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { formatDate } from "../../../core/dates";
import { formatAmount, tryMoney } from "../../../core/money";
import { readField, type ColumnDef, type RowHelpers } from "./column-def";
import { textOf } from "../../../core/text";

/** Plain text of a cell, used by print and CSV export. */
export function cellText<Row>(column: ColumnDef<Row>, row: Row): string {
  if (column.text) return column.text(row);
  const value = readField(row, column.key);
  if (value === null || value === undefined) return "";
  if (column.kind === "money") {
    const money = tryMoney(value);
    return money ? formatAmount(money) : textOf(value);
  }
  if (column.kind === "date") {
    try {
      return formatDate(textOf(value));
    } catch {
      return textOf(value);
    }
  }
  if (typeof value === "boolean") return value ? "✓" : "";
  if (typeof value === "object") {
    // A nested reference ({id, name}) shows its name.
    const name = (value as Record<string, unknown>).name;
    return typeof name === "string" ? name : "";
  }
  return textOf(value);
}

/** What a cell shows: render, else by kind (money, date, badge), else the text. */
export function cellContent<Row>(column: ColumnDef<Row>, row: Row, helpers: RowHelpers): ReactNode {
  if (column.render) return column.render(row, helpers);
  const text = cellText(column, row);
  if (column.kind === "badge" && text) {
    return (
      <Badge colorPalette={column.badgeColor?.(row) ?? "gray"} variant="subtle">
        {text}
      </Badge>
    );
  }
  return text;
}

/** Money is right-aligned (end in RTL) unless the column says otherwise. */
export function cellAlign<Row>(column: ColumnDef<Row>): "start" | "center" | "end" {
  return column.align ?? (column.kind === "money" ? "end" : "start");
}

/** Columns that print and export: not the action columns, nor image and updated_at. */
export function printableColumns<Row>(columns: readonly ColumnDef<Row>[]): ColumnDef<Row>[] {
  return columns.filter((c) => !c.noPrint && c.key !== "image" && c.key !== "updated_at");
}
