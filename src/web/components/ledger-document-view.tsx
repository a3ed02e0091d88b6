import type { ReactNode } from "react";
import { formatAmount, tryMoney } from "../../core/money";
import { usePrint } from "./print/use-print";
import { FieldGrid, fieldsHtml, RecordViewFrame, useRouteRecord, type ViewField } from "./record-view/record-view-frame";
import { useHasPermission } from "../lib/use-permission";
import { recordTypeOf } from "./history/audit-record";
import { sectionsHtml, ViewSections, type ViewSection } from "./record-view/view-sections";
import { useDocumentNumber } from "../lib/use-document-number";

export type { ViewField };

export interface LedgerDocumentViewProps<R> {
  /** API path, e.g. "accounting/money-conversion/". */
  endpoint: string;
  /** Its table in the audit trail when the endpoint does not name it (cashbox_money_conversion). */
  recordType?: string;
  /** The list route, e.g. "/accounting/cashbox/money-conversion". */
  listPath: string;
  /** The document's name, e.g. "Money Conversion"; the title adds its number. */
  name: string;
  /** Codes that allow Edit; none: no Edit button (a count is never edited). */
  changeCodes?: string[];
  /** A record that can no longer change (a settled debit invoice) has no Edit. */
  locked?: (record: R) => boolean;
  /** The labelled values it shows and prints, in order. */
  fields: (record: R) => ViewField[];
  /** Tables of lines under the fields, shown and printed (an opening balance's cashboxes, parties, stock). */
  sections?: (record: R) => ViewSection[];
  /** Prints A4 only (a document of many lines). */
  a4Only?: boolean;
  /** More under the fields (not printed). */
  children?: (record: R) => ReactNode;
}

/**
 * The view of a document without lines (money conversion, adjustment, count, capital, debit invoice):
 * its number, labelled fields, Edit (online, with the change code), and print A4 or A5 with the branch header.
 */
export function LedgerDocumentView<R extends { id: number; branch: number; invoice_no: number }>({
  endpoint,
  recordType,
  listPath,
  name,
  changeCodes,
  locked,
  fields,
  sections,
  a4Only,
  children,
}: LedgerDocumentViewProps<R>) {
  const print = usePrint();
  const canChange = useHasPermission(changeCodes ?? []) && Boolean(changeCodes?.length);
  const { record, failed } = useRouteRecord<R>(endpoint);
  const numberOf = useDocumentNumber();
  const title = record ? `${name} #${numberOf(record.branch, record.invoice_no)}` : name;
  const shown = record ? fields(record) : [];
  const tables = record && sections ? sections(record) : [];
  return (
    <RecordViewFrame
      title={title}
      listPath={listPath}
      recordId={record?.id ?? null}
      failed={failed}
      canChange={canChange && !(record && locked?.(record))}
      a5={!a4Only}
      recordType={recordType ?? recordTypeOf(endpoint)}
      onPrint={(a5) => print({ title, a5, branchId: record?.branch ?? null, body: fieldsHtml(shown) + sectionsHtml(tables) })}
    >
      {record ? (
        <>
          <FieldGrid fields={shown} testId="document-fields" />
          <ViewSections sections={tables} />
          {children?.(record)}
        </>
      ) : null}
    </RecordViewFrame>
  );
}

/** An amount as the views show it: "1,250.00 USD". */
export const moneyText = (amount: string, currencyCode: string) => `${formatAmount(tryMoney(amount) ?? 0)} ${currencyCode}`;
