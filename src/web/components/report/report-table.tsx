import type { ReactNode } from "react";
import { Box, Table } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import type { ExportTable } from "../export/table-export";
import { stickyFirstColumn } from "../table/sticky-first-column";

/** A column of a report table: its text (print, export) and, optionally, what the screen shows instead (a link). */
export interface ReportColumn<Row> {
  key: string;
  /** Translated header. */
  title: string;
  /** Amounts and quantities: end-aligned, left-to-right digits, numbers in XLSX. */
  numeric?: boolean;
  text: (row: Row) => string;
  render?: (row: Row) => ReactNode;
}

/** What a report prints and exports: its columns, its rows and the footer of sums (by column key). */
export interface ReportData<Row> {
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  footer?: Readonly<Record<string, string>>;
}

/** The report as text cells, for the chosen columns (all when none given): print and export use it. */
export function reportTextTable<Row>(data: ReportData<Row>, keys?: readonly string[], totalLabel = "Total"): ExportTable {
  const columns = keys ? data.columns.filter((c) => keys.includes(c.key)) : data.columns;
  const footer = data.footer;
  return {
    head: columns.map((c) => c.title),
    rows: data.rows.map((row) => columns.map((c) => c.text(row))),
    numeric: columns.map((c) => Boolean(c.numeric)),
    footer: footer ? [columns.map((c, index) => footer[c.key] ?? (index === 0 ? totalLabel : ""))] : undefined,
  };
}

/** The table of a report: sticky head, amounts end-aligned (mirrored in RTL), the sums footer. */
export function ReportTable<Row>({ data, label, rowKey }: { data: ReportData<Row>; label: string; rowKey: (row: Row) => string }) {
  const { columns, rows, footer } = data;
  return (
    <Box overflow="auto" maxH="calc(100vh - 220px)" borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" css={stickyFirstColumn(false)} aria-label={label}>
        <Table.Header position="sticky" top="0" zIndex="1" bg="bg">
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.key} textAlign={c.numeric ? "end" : "start"} whiteSpace="nowrap">
                {c.title}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={columns.length} textAlign="center" py="6" color="fg.muted">
                <Trans>No results found</Trans>
              </Table.Cell>
            </Table.Row>
          ) : (
            rows.map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Cell key={c.key} textAlign={c.numeric ? "end" : "start"} whiteSpace={c.numeric ? "nowrap" : undefined}>
                    {c.numeric ? <span dir="ltr">{c.text(row)}</span> : (c.render?.(row) ?? c.text(row))}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))
          )}
        </Table.Body>
        {footer && rows.length > 0 ? (
          <Table.Footer position="sticky" bottom="0" bg="bg.muted">
            <Table.Row fontWeight="bold">
              {columns.map((c, index) => (
                <Table.Cell key={c.key} textAlign={c.numeric ? "end" : "start"} whiteSpace="nowrap">
                  {footer[c.key] !== undefined ? <span dir="ltr">{footer[c.key]}</span> : index === 0 ? <Trans>Total</Trans> : null}
                </Table.Cell>
              ))}
            </Table.Row>
          </Table.Footer>
        ) : null}
      </Table.Root>
    </Box>
  );
}
