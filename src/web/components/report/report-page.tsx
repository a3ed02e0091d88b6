import { useState, type ReactNode } from "react";
import { Alert, Box, Button, Card, Center, Flex, HStack, IconButton, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuPrinter, LuRefreshCw } from "react-icons/lu";
import { formatDate } from "../../../core/dates";
import { useOnline } from "../../offline/online";
import { CardTitle } from "../card-title";
import { useAtomValue } from "jotai";
import { languageAtom } from "../../lib/app-state";
import { ExportButtons } from "../export/export-buttons";
import { downloadServerFile } from "../export/server-export";
import { exportFileName } from "../export/table-export";
import { useTableExport } from "../export/use-table-export";
import { usePrint } from "../print/use-print";
import { CurrencySelect } from "../selectors/currency-select";
import { ListFilters } from "../table/list-filters";
import { PrintOptionsDialog } from "../table/print-options-dialog";
import { reportTextTable, type ReportData } from "./report-table";
import type { ReportFilters } from "./use-report-filters";

export interface ReportPageProps<Row> {
  /** Translated screen title: heads the screen, the printout and the export's file name. */
  title: string;
  filters: ReportFilters;
  /** Which of the common filters the report has (all by default). */
  dateFilter?: boolean;
  branchFilter?: boolean;
  currencyFilter?: boolean;
  /** The report's own filters, after the common ones. */
  extraFilters?: ReactNode;
  /** What prints and exports (the table under the content); null while nothing is loaded. */
  data: ReportData<Row> | null;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
  /** Shown instead of the content while the report cannot be asked yet (a party not chosen). */
  prompt?: ReactNode;
  /** Online, the server writes the export (every row, not only what is loaded): its path and parameters. */
  serverExport?: { path: string; params: Record<string, string> };
  /** More buttons beside print and export. */
  actions?: ReactNode;
  /** The chart and the table. */
  children: ReactNode;
}

/**
 * The shape of every report screen (SCREENS.md "A report or statement screen"): filters first (date
 * range with presets, branch, currency, the report's own), then the content; print A4 with the branch
 * header and the chosen columns; export of what is filtered to CSV or XLSX; a note when offline.
 */
export function ReportPage<Row>(props: ReportPageProps<Row>) {
  const { title, filters, data } = props;
  const { t } = useLingui();
  const online = useOnline();
  const print = usePrint();
  const [printOpen, setPrintOpen] = useState(false);
  const range = filters.range;
  const period = range ? `${formatDate(range.start)} – ${formatDate(range.end)}` : "";
  const fileName = range ? `${title}-${range.start}-${range.end}` : title;
  const language = useAtomValue(languageAtom);
  const { serverExport } = props;
  const exporter = useTableExport(
    fileName,
    () => Promise.resolve(data ? { table: reportTextTable(data, undefined, t`Total`) } : null),
    serverExport
      ? (format) =>
          downloadServerFile(serverExport.path, { ...serverExport.params, format, lang: language }, exportFileName(fileName, format))
      : undefined,
  );

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={title}
          actions={
            <HStack gap="2" wrap="wrap">
              <Button size="sm" variant="outline" disabled={!data} onClick={() => setPrintOpen(true)}>
                <LuPrinter />
                <Trans>Print A4</Trans>
              </Button>
              <ExportButtons disabled={!data} onExport={exporter.run} exporting={exporter.exporting} />
              {props.actions}
              <IconButton aria-label={t`Refresh`} size="sm" variant="outline" disabled={!online} onClick={props.onRefresh}>
                <LuRefreshCw />
              </IconButton>
            </HStack>
          }
        />
        <Flex gap="3" wrap="wrap" align="end" mb="4" role="group" aria-label={t`Filters`}>
          <ListFilters
            showBranch={props.branchFilter ?? true}
            branches={filters.branches}
            onBranches={filters.setBranches}
            showDate={props.dateFilter ?? true}
            dateRange={filters.range}
            onDateRange={filters.setRange}
            showCurrency={false}
            currencies={[]}
            onCurrencies={() => undefined}
            extra={
              <>
                {(props.currencyFilter ?? true) ? (
                  <Box minW="40">
                    <CurrencySelect value={filters.currency} onChange={(id) => filters.setCurrency(typeof id === "number" ? id : null)} />
                  </Box>
                ) : null}
                {props.extraFilters}
              </>
            }
          />
        </Flex>
        {!online ? (
          <Alert.Root status="warning" size="sm" mb="3" data-testid="offline-report-note">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>Reports need a connection: they are read from the server</Trans>
            </Alert.Title>
          </Alert.Root>
        ) : null}
        {props.prompt ? (
          <Text color="fg.muted">{props.prompt}</Text>
        ) : props.failed ? (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>The report could not be loaded.</Trans>
            </Alert.Title>
          </Alert.Root>
        ) : props.loading && !data ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : (
          <Box aria-busy={props.loading}>{props.children}</Box>
        )}
      </Card.Body>
      {data ? (
        <PrintOptionsDialog
          open={printOpen}
          columns={data.columns.map((c) => ({ key: c.key, title: c.title }))}
          onCancel={() => setPrintOpen(false)}
          onPrint={({ columns, hideHeader }) => {
            setPrintOpen(false);
            const table = reportTextTable(data, columns, t`Total`);
            print({
              title: period ? `${title} (${period})` : title,
              hideHeader,
              branchId: filters.branches.length === 1 ? filters.branches[0] : undefined,
              table: { head: [...table.head], rows: [...table.rows, ...(table.footer ?? [])].map((r) => [...r]) },
            });
          }}
        />
      ) : null}
    </Card.Root>
  );
}
