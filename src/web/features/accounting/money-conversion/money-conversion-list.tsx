import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../../components/table/column-def";
import { DocumentList } from "../../../components/table/document-list";
import { CONVERSION_ENDPOINT, CONVERSION_PATH, type ConversionRecord } from "./conversion-record";

/** Money conversions: number, date, from (amount out), rate, to (amount in), note. */
export default function MoneyConversionList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<ConversionRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "from_cashbox_name", title: t`From Cashbox`, sortable: true, filterType: "text" },
      { key: "amount", title: t`Amount Out`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "from_currency_code", title: t`From Currency`, sortable: true },
      { key: "exchange_rate", title: t`Exchange Rate`, sortable: true, filterType: "number" },
      { key: "to_cashbox_name", title: t`To Cashbox`, sortable: true, filterType: "text" },
      { key: "amount_in", title: t`Amount In`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "to_currency_code", title: t`To Currency`, sortable: true },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t],
  );
  return (
    <DocumentList<ConversionRecord>
      endpoint={CONVERSION_ENDPOINT}
      deleteCommand="money-conversion-delete"
      path={CONVERSION_PATH}
      columns={columns}
      needsNetwork
    />
  );
}
