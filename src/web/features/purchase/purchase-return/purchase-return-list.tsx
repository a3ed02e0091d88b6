import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";

interface ReturnRow {
  id: number;
  invoice_no: number;
  input_date: string;
  purchase_invoice_no: number;
  supplier_name: string;
  inventory_name: string;
  currency_code: string;
  total_price: string;
  note: string | null;
}

export default function PurchaseReturnList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<ReturnRow>[]>(
    () => [
      { key: "invoice_no", title: t`Invoice No.`, sortable: true, filterType: "number" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "purchase_invoice_no", title: t`Purchase Invoice No.`, sortable: true, filterType: "number" },
      { key: "supplier_name", title: t`Supplier`, sortable: true, filterType: "text" },
      { key: "inventory_name", title: t`Inventory`, sortable: true },
      { key: "currency_code", title: t`Currency` },
      { key: "total_price", title: t`Total`, sortable: true, kind: "money", sum: true },
      { key: "note", title: t`Note` },
    ],
    [t],
  );
  return <CrudList<ReturnRow> columns={columns} dateFilter branchColumn currencyFilter showTotals opens="view" />;
}
