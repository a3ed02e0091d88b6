import { useMemo } from "react";
import { Link } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { Link as RouterLink } from "react-router";
import { formatDate } from "../../../../core/dates";
import type { ColumnDef } from "../../../components/table/column-def";
import { SimpleTable } from "../../../components/table/simple-table";
import { documentPath, formatQuantity, statementTotals, type StatementRow } from "./statement-rows";

/** Translated name of a movement's document type. */
export function useDocumentTypeLabel(): (type: string) => string {
  const { t } = useLingui();
  return (type: string) => {
    const labels: Record<string, string> = {
      purchase: t`Purchase`,
      purchase_return: t`Purchase Return`,
      sale: t`Sale`,
      sale_return: t`Sale Return`,
      inventory_stock_transfer: t`Inventory Transfer`,
      transfer: t`Inventory Transfer`,
      transfer_in: t`Transfer in`,
      transfer_out: t`Transfer out`,
      damaged_stock: t`Damaged Stock`,
      opening: t`Opening stock`,
      opening_balance: t`Opening balance`,
      adjustment: t`Adjustment`,
    };
    return labels[type] ?? type;
  };
}

/** Movements with document, in, out and the running quantity; totals of in and out. */
export function StatementTable({ rows, showInventory = true }: { rows: StatementRow[]; showInventory?: boolean }) {
  const { t } = useLingui();
  const typeLabel = useDocumentTypeLabel();
  const columns = useMemo<ColumnDef<StatementRow>[]>(() => {
    const all: (ColumnDef<StatementRow> | null)[] = [
      { key: "date", title: t`Date`, sortable: true, text: (r) => formatDate(r.date) },
      { key: "documentType", title: t`Document`, text: (r) => typeLabel(r.documentType) },
      {
        key: "documentNo",
        title: t`Number`,
        text: (r) => r.documentNo,
        render: (r) => {
          const path = documentPath(r.documentType, r.documentId);
          return path ? (
            <Link asChild colorPalette="blue">
              <RouterLink to={path}>{r.documentNo}</RouterLink>
            </Link>
          ) : (
            r.documentNo
          );
        },
      },
      showInventory ? { key: "inventory", title: t`Inventory` } : null,
      { key: "batch", title: t`Batch Number` },
      { key: "quantityIn", title: t`In`, align: "end", text: (r) => formatQuantity(r.quantityIn) },
      { key: "quantityOut", title: t`Out`, align: "end", text: (r) => formatQuantity(r.quantityOut) },
      { key: "running", title: t`Balance`, align: "end", text: (r) => formatQuantity(r.running) },
    ];
    return all.filter((c): c is ColumnDef<StatementRow> => c !== null);
  }, [t, typeLabel, showInventory]);
  const totals = statementTotals(rows);
  return (
    <SimpleTable<StatementRow>
      label={t`Stock Statement`}
      columns={columns}
      rows={rows}
      totals={{
        quantityIn: formatQuantity(totals.quantityIn),
        quantityOut: formatQuantity(totals.quantityOut),
        running: rows.length ? formatQuantity(rows[rows.length - 1].running) : "",
      }}
    />
  );
}

/** The printable table of the statement rows. */
export function statementPrintTable(
  rows: StatementRow[],
  t: { date: string; document: string; number: string; inventory: string; batch: string; in: string; out: string; balance: string },
  typeLabel: (type: string) => string,
) {
  return {
    head: [t.date, t.document, t.number, t.inventory, t.batch, t.in, t.out, t.balance],
    rows: rows.map((r) => [
      formatDate(r.date),
      typeLabel(r.documentType),
      r.documentNo,
      r.inventory,
      r.batch,
      formatQuantity(r.quantityIn),
      formatQuantity(r.quantityOut),
      formatQuantity(r.running),
    ]),
  };
}
