import type { ReactNode } from "react";
import { Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../core/dates";
import { formatAmount, tryMoney } from "../../../core/money";
import { amountInWords } from "../../../core/number-to-words";
import { useHasPermission } from "../../lib/use-permission";
import { DocumentAttachments } from "../document-attachments";
import { recordTypeOf } from "../history/audit-record";
import { buildTableBody, buildTableHead } from "../print/print-html";
import { usePrint } from "../print/use-print";
import { FieldGrid, fieldsHtml, RecordViewFrame, useRouteRecord, type ViewField } from "../record-view/record-view-frame";
import { useDocumentNumber } from "../../lib/use-document-number";

export type { ViewField };

/** What every money document answers: its number, date, branch, amount and currency, note. */
export interface MoneyRecord {
  id: number;
  invoice_no: number;
  input_date: string;
  branch: number;
  branch_name: string;
  amount: string;
  currency_code: string;
  note: string;
}

/** A table printed under the fields (e.g. the invoices a receipt settled). */
export interface PrintTable {
  head: string[];
  rows: string[][];
}

export const money = (value: string) => formatAmount(tryMoney(value) ?? 0);

export interface MoneyViewShellProps<R extends MoneyRecord> {
  endpoint: string;
  listPath: string;
  /** "Expense", "Receipt", ...: the title is "<singular> #<number>". */
  singular: string;
  changePermission: string;
  /** The document's own fields, shown between the branch and the amount. */
  fields: (record: R) => ViewField[];
  /** A table printed under the fields. */
  printTable?: (record: R) => PrintTable | null;
  /** What the screen shows under the fields. */
  children?: (record: R) => ReactNode;
  /** The permission model of a document that takes scans (expense, payment): its attachments show under it. */
  attachmentsModel?: string;
}

/**
 * The view of every money document (expense, income, receipt, payment, cashbox transfer and the
 * like): number, date, its own fields, branch, amount and the amount in words, note; edit (online),
 * print A4 and A5 with the branch header.
 */
export function MoneyViewShell<R extends MoneyRecord>({
  endpoint,
  listPath,
  singular,
  changePermission,
  fields: ownFields,
  printTable,
  children,
  attachmentsModel,
}: MoneyViewShellProps<R>) {
  const { t } = useLingui();
  const print = usePrint();
  const canChange = useHasPermission([changePermission]);
  const { record, failed } = useRouteRecord<R>(endpoint);

  const numberOf = useDocumentNumber();
  const number = record ? numberOf(record.branch, record.invoice_no) : "";
  const title = record ? `${singular} #${number}` : singular;
  const fields: ViewField[] = record
    ? [
        { label: t`Number`, value: number },
        { label: t`Date`, value: formatDate(record.input_date) },
        { label: t`Branch`, value: record.branch_name },
        ...ownFields(record),
        { label: t`Amount`, value: `${money(record.amount)} ${record.currency_code}` },
        { label: t`Amount in words`, value: amountInWords(record.amount, record.currency_code) },
        ...(record.note ? [{ label: t`Note`, value: record.note }] : []),
      ]
    : [];
  const doPrint = (a5: boolean) => {
    const table = record && printTable ? printTable(record) : null;
    const tableHtml = table?.rows.length
      ? `<table><thead>${buildTableHead(table.head)}</thead><tbody>${buildTableBody(table.rows)}</tbody></table>`
      : "";
    print({ title, a5, branchId: record?.branch ?? null, body: `${fieldsHtml(fields)}${tableHtml}` });
  };

  return (
    <RecordViewFrame
      title={title}
      listPath={listPath}
      recordId={record?.id ?? null}
      failed={failed}
      canChange={canChange}
      a5
      onPrint={doPrint}
      recordType={recordTypeOf(endpoint)}
    >
      {record ? (
        <>
          <Box mb="4">
            <FieldGrid fields={fields} />
          </Box>
          {children?.(record)}
          {attachmentsModel ? (
            <Box mt="4">
              <DocumentAttachments documentPath={`${endpoint}${record.id}/`} model={attachmentsModel} />
            </Box>
          ) : null}
        </>
      ) : null}
    </RecordViewFrame>
  );
}
