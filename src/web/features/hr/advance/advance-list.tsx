import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { DocumentList } from "../../../components/table/document-list";
import { useMoneyListColumns } from "../../../components/money-document/use-money-list-columns";
import { HR } from "../../../components/hr/hr-paths";
import type { AdvanceRecord } from "./advance-record";

/** Salary advances: number, date, employee, cashbox, amount (summed); recovered by the next pay run. */
export default function AdvanceList() {
  const { t } = useLingui();
  const own = useMemo<ColumnDef<AdvanceRecord>[]>(
    () => [
      { key: "employee_name", title: t`Employee`, sortable: true, filterType: "text" },
      { key: "cashbox_name", title: t`Cashbox`, sortable: true, filterType: "text" },
    ],
    [t],
  );
  const columns = useMoneyListColumns(own);
  return <DocumentList<AdvanceRecord> endpoint={HR.advance.endpoint} path={HR.advance.path} columns={columns} />;
}
