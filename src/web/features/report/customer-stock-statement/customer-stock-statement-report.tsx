import { useMemo, useState } from "react";
import { Badge, Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { formatDate } from "../../../../core/dates";
import { formatAmount } from "../../../../core/money";
import { ReportPage } from "../../../components/report/report-page";
import { ReportTable, type ReportColumn, type ReportData } from "../../../components/report/report-table";
import { useReportData } from "../../../components/report/use-report-data";
import { useReportFilters } from "../../../components/report/use-report-filters";
import { CustomerSelect } from "../../../components/selectors/customer-select";
import { useOnline } from "../../../offline/online";
import { statementLines, type CustomerStockAnswer, type StatementLine } from "./statement-lines";

const quantity = (value: string) => formatAmount(value, { decimals: 3, trimZeros: true });

/**
 * /report/customer-stock-statement: for one customer and a date range, every item they bought and returned
 * (date, invoice, item, quantity, price, total), grouped by item with a total line each.
 */
export default function CustomerStockStatementReport() {
  const { t } = useLingui();
  const online = useOnline();
  const [customer, setCustomer] = useState<number | null>(null);
  const filters = useReportFilters();
  const params = useMemo(() => (customer ? { ...filters.params, customer: String(customer) } : null), [filters.params, customer]);
  const report = useReportData<CustomerStockAnswer>("report/customer-stock-statement/", params, online);

  const columns = useMemo<ReportColumn<StatementLine>[]>(
    () => [
      { key: "item_name", title: t`Item`, text: (r) => (r.type === "total" ? t`Total ${r.item_name}` : r.item_name) },
      { key: "date", title: t`Date`, text: (r) => (r.type === "line" ? formatDate(r.date) : "") },
      {
        key: "kind",
        title: t`Type`,
        text: (r) => (r.type === "line" ? (r.kind === "sale" ? t`Sale` : t`Sale Return`) : ""),
        render: (r) =>
          r.type === "line" ? (
            <Badge colorPalette={r.kind === "sale" ? "blue" : "orange"} variant="subtle">
              {r.kind === "sale" ? t`Sale` : t`Sale Return`}
            </Badge>
          ) : null,
      },
      {
        key: "invoice_no",
        title: t`Invoice No.`,
        text: (r) => (r.type === "line" ? String(r.invoice_no) : ""),
        render: (r) =>
          r.type === "line" ? (
            <Link to={r.kind === "sale" ? `/sale/sale/${r.document_id}/view` : `/sale/sale-return/${r.document_id}/view`}>
              {r.invoice_no}
            </Link>
          ) : null,
      },
      { key: "currency_code", title: t`Currency`, text: (r) => r.currency_code },
      { key: "quantity", title: t`Quantity`, numeric: true, text: (r) => quantity(r.quantity) },
      { key: "price", title: t`Price`, numeric: true, text: (r) => (r.type === "line" ? formatAmount(r.price) : "") },
      { key: "total", title: t`Total`, numeric: true, text: (r) => formatAmount(r.total) },
    ],
    [t],
  );
  const data: ReportData<StatementLine> | null = report.answer && params ? { columns, rows: statementLines(report.answer) } : null;

  return (
    <ReportPage
      title={t`Customer Stock Statement`}
      filters={filters}
      currencyFilter={false}
      data={data}
      loading={report.loading}
      failed={report.failed}
      onRefresh={report.reload}
      prompt={customer ? undefined : t`Select a customer`}
      extraFilters={
        <Box minW="56">
          <CustomerSelect value={customer} onChange={(id) => setCustomer(typeof id === "number" ? id : null)} required />
        </Box>
      }
    >
      {data ? (
        <Box>
          <ReportTable data={data} label={t`Customer Stock Statement`} rowKey={(r) => r.key} />
        </Box>
      ) : null}
    </ReportPage>
  );
}
