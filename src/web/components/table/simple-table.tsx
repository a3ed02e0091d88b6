import { useMemo, useState } from "react";
import { Box, Table } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef as TanstackColumn,
  type SortingState,
} from "@tanstack/react-table";
import { LuArrowDown, LuArrowUp } from "react-icons/lu";
import { cellAlign, cellContent, cellText } from "./cell-value";
import { readField, type ColumnDef } from "./column-def";

export interface SimpleTableProps<Row> {
  columns: ColumnDef<Row>[];
  rows: Row[];
  /** Sticky totals row: column key -> text. */
  totals?: Record<string, string>;
  /** Accessible name of the table. */
  label?: string;
  onRowClick?: (row: Row) => void;
  reload?: () => void;
}

/** A client-side list with sorting and an optional sticky totals row (height window minus 200). */
export function SimpleTable<Row>({ columns, rows, totals, label, onRowClick, reload }: SimpleTableProps<Row>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const tableColumns = useMemo<TanstackColumn<Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.key,
        accessorFn: (row: Row) => {
          const raw = readField(row, column.key);
          // Amounts sort as numbers, everything else as its shown text.
          return column.kind === "money" && raw !== null && raw !== undefined ? Number(raw) : cellText(column, row);
        },
        enableSorting: Boolean(column.sortable),
      })),
    [columns],
  );
  const table = useReactTable({
    data: rows,
    columns: tableColumns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const helpers = { reload: reload ?? (() => undefined) };
  const byKey = new Map(columns.map((c) => [c.key, c]));

  return (
    <Box overflow="auto" maxH="calc(100vh - 200px)" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive aria-label={label}>
        <Table.Header position="sticky" top="0" zIndex="1" bg="bg">
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id}>
              {group.headers.map((header) => {
                const column = byKey.get(header.column.id);
                if (!column) return null;
                const sorted = header.column.getIsSorted();
                return (
                  <Table.ColumnHeader
                    key={header.id}
                    width={column.width}
                    textAlign={cellAlign(column)}
                    aria-sort={column.sortable ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined}
                  >
                    {column.sortable ? (
                      <Box
                        as="button"
                        display="inline-flex"
                        alignItems="center"
                        gap="1"
                        fontWeight="semibold"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {column.title}
                        {sorted === "asc" ? <LuArrowUp /> : sorted === "desc" ? <LuArrowDown /> : null}
                      </Box>
                    ) : (
                      column.title
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          ))}
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={columns.length} textAlign="center" py="6" color="fg.muted">
                <Trans>No results found</Trans>
              </Table.Cell>
            </Table.Row>
          ) : (
            table.getRowModel().rows.map((row) => (
              <Table.Row key={row.id} cursor={onRowClick ? "pointer" : undefined} onDoubleClick={() => onRowClick?.(row.original)}>
                {columns.map((column) => (
                  <Table.Cell key={column.key} textAlign={cellAlign(column)} {...column.cellProps}>
                    {cellContent(column, row.original, helpers)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))
          )}
        </Table.Body>
        {totals && rows.length > 0 ? (
          <Table.Footer position="sticky" bottom="0" bg="bg.muted">
            <Table.Row fontWeight="bold">
              {columns.map((column, index) => (
                <Table.Cell key={column.key} textAlign={cellAlign(column)}>
                  {totals[column.key] ?? (index === 0 ? <Trans>Total</Trans> : null)}
                </Table.Cell>
              ))}
            </Table.Row>
          </Table.Footer>
        ) : null}
      </Table.Root>
    </Box>
  );
}
