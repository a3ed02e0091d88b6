import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { DocumentList } from "../../../components/table/document-list";
import { ADJUSTMENT_ENDPOINT, ADJUSTMENT_PATH, type AdjustmentRecord } from "./adjustment-record";

/** Cashbox adjustments: number, date, cashbox, expected, counted, difference (summed), reason. */
export default function CashboxAdjustmentList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<AdjustmentRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "cashbox_name", title: t`Cashbox`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "expected_balance", title: t`Expected`, sortable: true, filterType: "number", kind: "money" },
      { key: "counted_balance", title: t`Counted`, sortable: true, filterType: "number", kind: "money" },
      { key: "amount", title: t`Difference`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "reason", title: t`Reason`, filterType: "text" },
    ],
    [t],
  );
  return (
    <DocumentList<AdjustmentRecord>
      endpoint={ADJUSTMENT_ENDPOINT}
      path={ADJUSTMENT_PATH}
      columns={columns}
      needsNetwork
      undeletable={(row) => row.count_id !== null}
    />
  );
}
