import { useMemo, useState } from "react";
import { Box, Flex, Icon, IconButton, NativeSelect, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef as TanstackColumn,
  type SortingState,
} from "@tanstack/react-table";
import { LuArrowDown, LuArrowUp, LuChevronLeft, LuChevronRight } from "react-icons/lu";
import { pageOfRows, SIMPLE_TABLE_PAGE_SIZES, type SimpleTablePageSize } from "../../../core/list-query";
import { cellAlign, cellContent, cellText } from "./cell-value";
import { readField, type ColumnDef } from "./column-def";
import { stickyFirstColumn } from "./sticky-first-column";

export interface SimpleTableProps<Row> {
  columns: ColumnDef<Row>[];
  rows: Row[];
  /** Sticky totals row: column key -> text. */
  totals?: Record<string, string>;
  /** Accessible name of the table. */
  label?: string;
  onRowClick?: (row: Row) => void;
  reload?: () => void;
  /** Rows per page at first (the footer offers 10, 25, 50, 100 and all). */
  defaultPageSize?: SimpleTablePageSize;
}

/** A client-side list with sorting, an optional sticky totals row and a footer of page sizes (height window minus 200). */
export function SimpleTable<Row>({ columns, rows, totals, label, onRowClick, reload, defaultPageSize = 25 }: SimpleTableProps<Row>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pageSize, setPageSize] = useState<SimpleTablePageSize>(defaultPageSize);
  const [page, setPage] = useState(1);
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
  // Sorting orders every row; the page then shows its slice of them.
  const shown = pageOfRows(table.getRowModel().rows, pageSize, page);

  return (
    <Box>
      <Box overflow="auto" maxH="calc(100vh - 200px)" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" interactive css={stickyFirstColumn(true)} aria-label={label}>
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
              shown.rows.map((row) => (
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
      {rows.length > 0 ? (
        <SimpleTableFooter
          pageSize={pageSize}
          page={shown.page}
          pages={shown.pages}
          count={rows.length}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          onPage={setPage}
        />
      ) : null}
    </Box>
  );
}

interface SimpleTableFooterProps {
  pageSize: SimpleTablePageSize;
  page: number;
  pages: number;
  count: number;
  onPageSize: (size: SimpleTablePageSize) => void;
  onPage: (page: number) => void;
}

/** Rows per page (SPEC section 9: 10, 25, 50, 100, all) and previous/next over the rows in memory. */
function SimpleTableFooter({ pageSize, page, pages, count, onPageSize, onPage }: SimpleTableFooterProps) {
  const { t } = useLingui();
  return (
    <Flex align="center" gap="2" wrap="wrap" justify="end" py="2">
      <Text fontSize="sm" color="fg.muted">
        <Trans>Rows per page</Trans>
      </Text>
      <NativeSelect.Root size="xs" w="20">
        <NativeSelect.Field
          aria-label={t`Rows per page`}
          value={String(pageSize)}
          onChange={(event) => {
            const chosen = SIMPLE_TABLE_PAGE_SIZES.find((size) => String(size) === event.target.value);
            if (chosen !== undefined) onPageSize(chosen);
          }}
        >
          {SIMPLE_TABLE_PAGE_SIZES.map((size) => (
            <option key={size} value={String(size)}>
              {size === "all" ? t`All` : size}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Text fontSize="sm" aria-live="polite">
        <Trans>
          Page {page} of {pages} ({count} records)
        </Trans>
      </Text>
      {/* Chevrons mirror in RTL so "previous" always points backwards. */}
      <IconButton aria-label={t`Previous page`} size="xs" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Icon _rtl={{ transform: "scaleX(-1)" }}>
          <LuChevronLeft />
        </Icon>
      </IconButton>
      <IconButton aria-label={t`Next page`} size="xs" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Icon _rtl={{ transform: "scaleX(-1)" }}>
          <LuChevronRight />
        </Icon>
      </IconButton>
    </Flex>
  );
}
