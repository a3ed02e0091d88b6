import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";

interface ExchangeRate {
  id: number;
  currency: number | { id: number; code: string; symbol?: string } | null;
  currency_code?: string;
  rate: string;
  input_date: string;
}

const currencyCode = (row: ExchangeRate): string =>
  row.currency && typeof row.currency === "object" ? row.currency.code : (row.currency_code ?? String(row.currency ?? ""));

export default function ExchangeRateList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<ExchangeRate>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "100px" },
      { key: "currency", title: t`Currency`, sortable: true, text: currencyCode },
      { key: "rate", title: t`Rate`, sortable: true, filterType: "number", align: "end" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
    ],
    [t],
  );
  return <CrudList<ExchangeRate> columns={columns} branchFilter={false} dateFilter dateField="input_date" currencyFilter />;
}
