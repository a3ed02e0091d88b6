import { useEffect, useMemo, useRef, useState } from "react";
import { Box, Center, Spinner, Table, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { useVirtualizer } from "@tanstack/react-virtual";
import { api } from "../../lib/api-client";
import { useTableExport } from "../export/use-table-export";
import { usePrint } from "../print/use-print";
import { useDocumentNumber } from "../../lib/use-document-number";
import { withDocumentNumbers } from "./branch-column";
import { cellAlign, cellContent, cellText, printableColumns } from "./cell-value";
import { listExportTable } from "./list-export";
import { ListQueryFilters, type ListTableProps } from "./list-query-filters";
import { ListToolbar } from "./list-toolbar";
import { PrintOptionsDialog } from "./print-options-dialog";
import { useListQuery } from "./use-list-query";
import { textOf } from "../../../core/text";
import { virtualTableParams, virtualTableTotals } from "./virtual-table-query";
import { stickyFirstColumn } from "./sticky-first-column";

/** The virtual table's props; its branch filter is off by default (SPEC section 2). */
export interface VirtualTableProps<Row> extends ListTableProps<Row> {
  /** GET (or POST with the same object as body) returning the whole list, e.g. "hr/payroll/all/". */
  endpoint?: string;
  method?: "get" | "post";
  /** Row height used for the window estimate, px. */
  rowHeight?: number;
  /** Footer of sums for columns marked `sum`, added up from the whole list in memory. */
  showTotals?: boolean;
}

/**
 * Loads the whole list and renders only the visible rows (SPEC section 2 "Virtual-scroll table"):
 * filters, record count, print, export, refresh and add above; the table only once there are rows.
 */
export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { title, endpoint, onRowClick, rowHeight = 37 } = props;
  const numberOf = useDocumentNumber();
  const columns = useMemo(() => withDocumentNumbers(props.columns, numberOf), [props.columns, numberOf]);
  const { state, dispatch, reset } = useListQuery(props.storageKey ?? title);
  const params = useMemo(() => virtualTableParams(state), [state]);
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const requestId = useRef(0);
  const paramsKey = JSON.stringify(params);

  useEffect(() => {
    if (!endpoint) {
      setRows([]);
      setLoading(false);
      return;
    }
    const id = ++requestId.current;
    const query = JSON.parse(paramsKey) as Record<string, string>;
    setLoading(true);
    const request =
      props.method === "post"
        ? // eslint-disable-next-line no-restricted-syntax -- a list query sent as a POST body (a long keyword) reads, it writes nothing
          api.post(endpoint, { json: query })
        : api.get(endpoint, { searchParams: query });
    request
      .json<Row[] | { results: Row[] }>()
      .then((data) => {
        if (id === requestId.current) setRows(Array.isArray(data) ? data : data.results);
      })
      .catch(() => {
        if (id === requestId.current) setRows([]);
      })
      .finally(() => {
        if (id === requestId.current) setLoading(false);
      });
  }, [endpoint, paramsKey, props.method, tick]);
  useEffect(() => {
    if (props.reloadKey !== undefined) setTick((n) => n + 1);
  }, [props.reloadKey]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? items[0].start : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const reload = () => setTick((n) => n + 1);
  const helpers = useMemo(() => ({ reload: () => setTick((n) => n + 1) }), []);
  // The whole filtered list is already here: the export writes it as loaded.
  const exporter = useTableExport(title, () => Promise.resolve({ table: listExportTable(columns, rows) }));
  const rowKey = props.rowKey ?? ((row: Row) => textOf((row as { id?: unknown }).id) || JSON.stringify(row));
  const print = usePrint();
  const [printOpen, setPrintOpen] = useState(false);
  const printable = printableColumns(columns);
  const totals = useMemo(() => (props.showTotals ? virtualTableTotals(columns, rows) : null), [props.showTotals, columns, rows]);

  return (
    <Box>
      <ListToolbar
        filters={<ListQueryFilters options={props} branchByDefault={false} state={state} dispatch={dispatch} />}
        count={rows.length}
        onPrint={() => setPrintOpen(true)}
        onExport={endpoint ? exporter.run : undefined}
        exporting={exporter.exporting}
        onRefresh={() => {
          reset();
          reload();
        }}
        addPermission={props.addPermission}
        onAdd={props.onAdd}
      />
      {loading && rows.length === 0 ? (
        <Center py="10">
          <Spinner />
          <Text srOnly>
            <Trans>Loading</Trans>
          </Text>
        </Center>
      ) : rows.length === 0 ? (
        <Text textAlign="center" py="6" color="fg.muted">
          <Trans>No results found</Trans>
        </Text>
      ) : (
        <Box ref={scrollRef} overflow="auto" maxH="calc(100vh - 160px)" borderWidth="1px" borderRadius="md">
          <Table.Root
            size="sm"
            interactive
            css={stickyFirstColumn(true)}
            aria-label={title}
            aria-rowcount={rows.length + (totals ? 2 : 1)}
            aria-busy={loading}
          >
            <Table.Header position="sticky" top="0" zIndex="1" bg="bg">
              <Table.Row aria-rowindex={1}>
                {columns.map((column) => (
                  <Table.ColumnHeader key={column.key} width={column.width} textAlign={cellAlign(column)}>
                    {column.title}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {padTop > 0 ? (
                <Table.Row aria-hidden>
                  <Table.Cell colSpan={columns.length} p="0" height={`${padTop}px`} />
                </Table.Row>
              ) : null}
              {items.map((item) => {
                const row = rows[item.index];
                return (
                  <Table.Row
                    key={rowKey(row)}
                    aria-rowindex={item.index + 2}
                    height={`${rowHeight}px`}
                    tabIndex={onRowClick ? 0 : undefined}
                    cursor={onRowClick ? "pointer" : undefined}
                    onDoubleClick={() => onRowClick?.(row)}
                    onKeyDown={(event) => {
                      if (event.key === "Enter" && event.target === event.currentTarget) onRowClick?.(row);
                    }}
                  >
                    {columns.map((column) => (
                      <Table.Cell key={column.key} textAlign={cellAlign(column)} {...column.cellProps}>
                        {cellContent(column, row, helpers)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                );
              })}
              {padBottom > 0 ? (
                <Table.Row aria-hidden>
                  <Table.Cell colSpan={columns.length} p="0" height={`${padBottom}px`} />
                </Table.Row>
              ) : null}
            </Table.Body>
            {totals ? (
              <Table.Footer position="sticky" bottom="0" bg="bg.muted">
                <Table.Row fontWeight="bold" aria-rowindex={rows.length + 2}>
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
      )}
      <PrintOptionsDialog
        open={printOpen}
        columns={printable.map((c) => ({ key: c.key, title: c.title }))}
        onCancel={() => setPrintOpen(false)}
        onPrint={({ columns: keys, hideHeader }) => {
          setPrintOpen(false);
          const chosen = printable.filter((c) => keys.includes(c.key));
          // Every row of the list, not only those drawn.
          print({
            title,
            hideHeader,
            table: { head: chosen.map((c) => c.title), rows: rows.map((row) => chosen.map((c) => cellText(c, row))) },
          });
        }}
      />
    </Box>
  );
}
