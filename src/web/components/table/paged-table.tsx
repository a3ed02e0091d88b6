import { useEffect, useMemo, useState } from "react";
import { Alert, Box, Flex, HStack, Skeleton, Spinner, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuArrowDown, LuArrowUp } from "react-icons/lu";
import { formatAmount, tryMoney } from "../../../core/money";
import { PendingSyncBadge } from "../../offline/sync-panel";
import { useAtomValue } from "jotai";
import { languageAtom } from "../../lib/app-state";
import { downloadServerExport } from "../export/server-export";
import { useTableExport } from "../export/use-table-export";
import { usePrint } from "../print/use-print";
import { useCurrentUser } from "../../lib/use-permission";
import { withBranchColumn, withDocumentNumbers } from "./branch-column";
import { useDocumentNumber } from "../../lib/use-document-number";
import { cellAlign, cellContent, cellText, printableColumns } from "./cell-value";
import type { ColumnDef } from "./column-def";
import { ColumnFilter } from "./column-filter";
import { listExportTable } from "./list-export";
import { ListQueryFilters, type ListTableProps } from "./list-query-filters";
import { toQueryParams, type ListQueryState } from "./list-query-state";
import { ListToolbar } from "./list-toolbar";
import { PaginationControl } from "./pagination-control";
import { PrintOptionsDialog } from "./print-options-dialog";
import { useListQuery } from "./use-list-query";
import { useListSource } from "./use-list-source";
import { useUrlDateRange } from "./use-url-date-range";
import { fetchAllPages } from "./use-paged-data";
import { stickyFirstColumn } from "./sticky-first-column";

/** The paged table's props; its branch filter is on by default. */
export interface PagedTableProps<Row> extends ListTableProps<Row> {
  /** Resource path, e.g. "item-group/". */
  endpoint?: string;
  /** Field of the date range (default input_date). */
  dateField?: string;
  /** Footer of sums from totals/ for columns marked `sum`. */
  showTotals?: boolean;
  defaultQuery?: Partial<ListQueryState>;
  /**
   * The date range lives in the URL (`?start_date=&end_date=`, as reports keep it): the URL's range, else
   * `defaultQuery`'s, opens the list whatever was saved, and every change is written back.
   */
  dateRangeInUrl?: boolean;
  /** A list of documents numbered per branch: shows their branch when the user sees more than one. */
  branchColumn?: boolean;
}

/** A row saved offline and not synced yet (it has a provisional "local-…" key). */
export const isPendingRow = (row: unknown): boolean => (row as { _pending?: unknown } | null)?._pending === true;

const defaultRowKey = (row: unknown): string | number => {
  const id = (row as { id?: unknown }).id;
  return typeof id === "number" || typeof id === "string" ? id : JSON.stringify(row);
};

/** The server-paged list of SPEC section 2: filters, toolbar, sort and filter header rows, pagination, sums. */
export function PagedTable<Row>(props: PagedTableProps<Row>) {
  const { title, endpoint, onRowClick, showTotals = false } = props;
  const { t } = useLingui();
  const visibleBranches = useCurrentUser()?.branches.length ?? 0;
  const numberOf = useDocumentNumber();
  const columns = useMemo(
    () => withDocumentNumbers(props.branchColumn ? withBranchColumn(props.columns, visibleBranches, t`Branch`) : props.columns, numberOf),
    [props.branchColumn, props.columns, visibleBranches, t, numberOf],
  );
  const defaults = useMemo(() => props.defaultQuery ?? {}, [props.defaultQuery]);
  const urlRange = useUrlDateRange();
  // A range from the URL (a link, a reload) opens on its first page, whatever page was saved.
  const [opening] = useState(() => (props.dateRangeInUrl ? { dateRange: urlRange.initial ?? defaults.dateRange ?? null, page: 1 } : {}));
  const { state, dispatch, reset } = useListQuery(props.storageKey ?? title, defaults, opening);
  const { write: writeRange } = urlRange;
  const urlKey = urlRange.current ? `${urlRange.current.start}/${urlRange.current.end}` : "";
  const stateKey = state.dateRange ? `${state.dateRange.start}/${state.dateRange.end}` : "";
  const inUrl = props.dateRangeInUrl ?? false;
  useEffect(() => {
    if (inUrl && urlKey !== stateKey) writeRange(state.dateRange);
  }, [inUrl, urlKey, stateKey, writeRange, state.dateRange]);
  const params = useMemo(() => toQueryParams(state, { dateField: props.dateField }), [state, props.dateField]);
  const data = useListSource<Row>(endpoint, params, showTotals);
  const rowCap = data.totalsRowCap;
  const print = usePrint();
  const [printOpen, setPrintOpen] = useState(false);
  const rowKey = props.rowKey ?? defaultRowKey;
  const helpers = useMemo(() => ({ reload: data.reload }), [data.reload]);
  const hasFilterRow = columns.some((c) => c.filterType);
  const printable = printableColumns(columns);

  const { reload } = data;
  useEffect(() => {
    if (props.reloadKey !== undefined) reload();
  }, [props.reloadKey, reload]);

  const language = useAtomValue(languageAtom);
  // Export: online the server writes every row of the filter (list/export/); offline, or when it cannot,
  // the device writes every page of the filter it can read (up to the cap), not only the page on screen.
  const exportParams = () => toQueryParams(state, { dateField: props.dateField, unpaged: true });
  const exporter = useTableExport(
    title,
    async () => {
      if (!endpoint) return null;
      const all = await fetchAllPages<Row>(endpoint, exportParams());
      return { table: listExportTable(columns, all.rows), cappedAt: all.capped ? all.rows.length : undefined };
    },
    endpoint
      ? (format) =>
          downloadServerExport({ endpoint, params: exportParams(), columns: printable.map((c) => c.key), language, name: title }, format)
      : undefined,
  );

  return (
    <Box>
      <ListToolbar
        filters={<ListQueryFilters options={props} branchByDefault state={state} dispatch={dispatch} />}
        onPrint={() => setPrintOpen(true)}
        onExport={endpoint ? exporter.run : undefined}
        exporting={exporter.exporting}
        onRefresh={() => {
          reset();
          data.reload();
        }}
        addPermission={props.addPermission}
        onAdd={props.onAdd}
      />
      {data.fromCache ? (
        <Alert.Root status="warning" size="sm" mb="2" data-testid="offline-list-note">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>Offline: showing saved data, it may be out of date</Trans>
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="calc(100vh - 160px)" position="relative">
        {data.loading && data.rows.length > 0 ? (
          <Flex position="absolute" insetInlineEnd="2" top="2" zIndex="2" aria-hidden>
            <Spinner size="sm" />
          </Flex>
        ) : null}
        <Table.Root size="sm" interactive css={stickyFirstColumn(true)} aria-label={title} aria-busy={data.loading}>
          <Table.Header position="sticky" top="0" zIndex="1" bg="bg">
            <Table.Row>
              {columns.map((column) => (
                <SortHeader key={column.key} column={column} ordering={state.ordering} onSort={(key) => dispatch({ type: "sort", key })} />
              ))}
            </Table.Row>
            {hasFilterRow ? (
              // Cells, not headers: a filter heads no column (the row above does), and most columns have none.
              <Table.Row>
                {columns.map((column) => (
                  <Table.Cell key={column.key} py="1">
                    <ColumnFilter column={column} state={state} dispatch={dispatch} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ) : null}
          </Table.Header>
          <Table.Body>
            {data.loading && data.rows.length === 0 ? (
              <LoadingRows columns={columns.length} />
            ) : data.rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={columns.length} textAlign="center" py="6" color="fg.muted">
                  <Trans>No results found</Trans>
                </Table.Cell>
              </Table.Row>
            ) : (
              data.rows.map((row) => {
                // A pending row has no server id yet: nothing to open until it syncs.
                const pending = isPendingRow(row);
                const open = pending ? undefined : onRowClick;
                return (
                  <Table.Row
                    key={rowKey(row)}
                    data-pending={pending || undefined}
                    tabIndex={open ? 0 : undefined}
                    cursor={open ? "pointer" : undefined}
                    onDoubleClick={() => open?.(row)}
                    onKeyDown={(event) => {
                      if (event.key === "Enter" && event.target === event.currentTarget) open?.(row);
                    }}
                  >
                    {columns.map((column, index) => (
                      <Table.Cell key={column.key} textAlign={cellAlign(column)} width={column.width} {...column.cellProps}>
                        {pending && index === 0 ? (
                          <HStack gap="2" wrap="wrap">
                            {column.key === "id" ? null : cellContent(column, row, helpers)}
                            <PendingSyncBadge />
                          </HStack>
                        ) : (
                          cellContent(column, row, helpers)
                        )}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                );
              })
            )}
          </Table.Body>
          {showTotals && data.rows.length > 0 ? (
            <Table.Footer position="sticky" bottom="0" bg="bg.muted">
              <Table.Row fontWeight="bold">
                {rowCap !== null ? (
                  <Table.Cell colSpan={columns.length}>
                    <Trans>No totals: more than {rowCap} rows match. Narrow the filters to see them.</Trans>
                  </Table.Cell>
                ) : (
                  columns.map((column, index) => (
                    <Table.Cell key={column.key} textAlign={cellAlign(column)}>
                      {column.sum ? formatSum(data.totals[`sum_${column.key}`]) : index === 0 ? <Trans>Total</Trans> : null}
                    </Table.Cell>
                  ))
                )}
              </Table.Row>
            </Table.Footer>
          ) : null}
        </Table.Root>
      </Table.ScrollArea>
      <PaginationControl
        page={state.page}
        pageSize={state.pageSize}
        count={data.count}
        countIsEstimate={data.countIsEstimate}
        hasPrevious={data.hasPrevious}
        hasNext={data.hasNext}
        loading={data.loading}
        onPage={(page) => dispatch({ type: "page", page })}
        onPageSize={(pageSize) => dispatch({ type: "pageSize", pageSize })}
      />
      <PrintOptionsDialog
        open={printOpen}
        columns={printable.map((c) => ({ key: c.key, title: c.title }))}
        onCancel={() => setPrintOpen(false)}
        onPrint={({ columns: keys, hideHeader }) => {
          setPrintOpen(false);
          const chosen = printable.filter((c) => keys.includes(c.key));
          print({
            title,
            hideHeader,
            table: { head: chosen.map((c) => c.title), rows: data.rows.map((row) => chosen.map((c) => cellText(c, row))) },
          });
        }}
      />
    </Box>
  );
}

function formatSum(value: string | undefined): string {
  const money = value === undefined ? null : tryMoney(value);
  return money ? formatAmount(money) : "";
}

function SortHeader<Row>({ column, ordering, onSort }: { column: ColumnDef<Row>; ordering: string; onSort: (key: string) => void }) {
  const direction = ordering === column.key ? "ascending" : ordering === `-${column.key}` ? "descending" : "none";
  return (
    <Table.ColumnHeader
      width={column.width}
      textAlign={cellAlign(column)}
      aria-sort={column.sortable ? direction : undefined}
      whiteSpace="nowrap"
    >
      {column.sortable ? (
        <Box
          as="button"
          display="flex"
          w="full"
          alignItems="center"
          justifyContent={cellAlign(column) === "end" ? "flex-end" : cellAlign(column) === "center" ? "center" : "flex-start"}
          gap="1"
          fontWeight="semibold"
          cursor="pointer"
          onClick={() => onSort(column.key)}
        >
          {column.title}
          {direction === "ascending" ? <LuArrowUp /> : direction === "descending" ? <LuArrowDown /> : null}
        </Box>
      ) : (
        column.title
      )}
    </Table.ColumnHeader>
  );
}

function LoadingRows({ columns }: { columns: number }) {
  return (
    <>
      {Array.from({ length: 5 }, (_, row) => (
        <Table.Row key={row} aria-hidden>
          {Array.from({ length: columns }, (_, cell) => (
            <Table.Cell key={cell}>
              <Skeleton height="4" />
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
      <Table.Row>
        <Table.Cell colSpan={columns} p="0">
          <Text srOnly>
            <Trans>Loading</Trans>
          </Text>
        </Table.Cell>
      </Table.Row>
    </>
  );
}
