import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { TRANSFER_ENDPOINT, TRANSFER_PATH, type TransferRecord } from "./transfer-record";

/** Cashbox transfers: number, date, from, to, amount (summed), note. SPEC gates them with the cashbox codes. */
export default function CashboxTransferList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<TransferRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "from_cashbox_name", title: t`From Cashbox`, sortable: true, filterType: "text" },
      { key: "to_cashbox_name", title: t`To Cashbox`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "amount", title: t`Amount`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t],
  );
  return (
    <CrudList<TransferRecord>
      title={t`Cashbox Transfers`}
      endpoint={TRANSFER_ENDPOINT}
      path={TRANSFER_PATH}
      model="cashbox"
      columns={columns}
      opens="view"
      dateFilter
      dateField="input_date"
      currencyFilter
      showTotals
    />
  );
}
