import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { MoneyListShell } from "../../../components/money-document/money-list-shell";
import type { ColumnDef } from "../../../components/table/column-def";
import { TRANSFER_ENDPOINT, TRANSFER_PATH, type TransferRecord } from "./transfer-record";

/**
 * Cashbox transfers: number, date, from, to, amount (summed), note. SPEC gates them with the cashbox codes.
 * Adding one needs the server (it checks and locks both cashboxes), so offline the Add button says why.
 */
export default function CashboxTransferList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<TransferRecord>[]>(
    () => [
      { key: "from_cashbox_name", title: t`From Cashbox`, sortable: true, filterType: "text" },
      { key: "to_cashbox_name", title: t`To Cashbox`, sortable: true, filterType: "text" },
    ],
    [t],
  );
  return <MoneyListShell endpoint={TRANSFER_ENDPOINT} path={TRANSFER_PATH} columns={columns} needsNetwork />;
}
