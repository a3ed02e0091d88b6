import type { ExportTable } from "../export/table-export";
import { cellAlign, cellText, printableColumns } from "./cell-value";
import type { ColumnDef } from "./column-def";

/** A list's rows as the export writes them: the printable columns, amounts (end-aligned columns) as numbers. */
export function listExportTable<Row>(columns: readonly ColumnDef<Row>[], rows: readonly Row[]): ExportTable {
  const printable = printableColumns(columns);
  return {
    head: printable.map((c) => c.title),
    rows: rows.map((row) => printable.map((c) => cellText(c, row))),
    numeric: printable.map((c) => cellAlign(c) === "end"),
  };
}
