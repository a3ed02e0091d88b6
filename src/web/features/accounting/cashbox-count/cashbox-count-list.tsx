import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { DISPLAY_DATE_TIME, formatDate } from "../../../../core/dates";
import type { ColumnDef } from "../../../components/table/column-def";
import { DocumentList } from "../../../components/table/document-list";
import { COUNT_ENDPOINT, COUNT_PATH, type CountRecord } from "./count-record";

/** The cashbox counts: when and by whom each cashbox was closed, expected, counted and the difference. */
export default function CashboxCountList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<CountRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "closed_at", title: t`Closed At`, sortable: true, render: (r) => formatDate(r.closed_at, DISPLAY_DATE_TIME) },
      { key: "closed_by_name", title: t`Closed By`, sortable: true, filterType: "text" },
      { key: "cashbox_name", title: t`Cashbox`, sortable: true, filterType: "text" },
      { key: "shift", title: t`Shift`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "expected_balance", title: t`Expected`, sortable: true, filterType: "number", kind: "money" },
      { key: "counted_balance", title: t`Counted`, sortable: true, filterType: "number", kind: "money" },
      { key: "difference", title: t`Difference`, sortable: true, filterType: "number", kind: "money", sum: true },
    ],
    [t],
  );
  return <DocumentList<CountRecord> endpoint={COUNT_ENDPOINT} path={COUNT_PATH} columns={columns} needsNetwork />;
}
