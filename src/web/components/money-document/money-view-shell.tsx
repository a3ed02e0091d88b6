import { useEffect, useState, type ReactNode } from "react";
import { Box, Button, Card, Center, HStack, SimpleGrid, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil, LuPrinter } from "react-icons/lu";
import { formatDate } from "../../../core/dates";
import { formatAmount, tryMoney } from "../../../core/money";
import { amountInWords } from "../../../core/number-to-words";
import { api } from "../../lib/api-client";
import { useHasPermission } from "../../lib/use-permission";
import { useOnline } from "../../offline/sync-status";
import { CardTitle } from "../card-title";
import { HistoryPanel } from "../history/history-panel";
import { recordTypeOf } from "../history/audit-record";
import { buildTableBody, buildTableHead, escapeHtml } from "../print/print-html";
import { usePrint } from "../print/use-print";

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

export interface ViewField {
  label: string;
  value: string;
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
}: MoneyViewShellProps<R>) {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const print = usePrint();
  const canChange = useHasPermission([changePermission]);
  const [record, setRecord] = useState<R | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .get(`${endpoint}${id}/`)
      .json<R>()
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [id, endpoint]);

  const title = record ? `${singular} #${record.invoice_no}` : singular;
  const fields: ViewField[] = record
    ? [
        { label: t`Number`, value: String(record.invoice_no) },
        { label: t`Date`, value: formatDate(record.input_date) },
        { label: t`Branch`, value: record.branch_name },
        ...ownFields(record),
        { label: t`Amount`, value: `${money(record.amount)} ${record.currency_code}` },
        { label: t`Amount in words`, value: amountInWords(record.amount, record.currency_code) },
        ...(record.note ? [{ label: t`Note`, value: record.note }] : []),
      ]
    : [];
  const doPrint = (a5: boolean) => {
    const head = fields.map((f) => `<div><b>${escapeHtml(f.label)}:</b> ${escapeHtml(f.value)}</div>`).join("");
    const table = record && printTable ? printTable(record) : null;
    const tableHtml = table?.rows.length
      ? `<table><thead>${buildTableHead(table.head)}</thead><tbody>${buildTableBody(table.rows)}</tbody></table>`
      : "";
    print({ title, a5, branchId: record?.branch ?? null, body: `<div style="margin:6px 0">${head}</div>${tableHtml}` });
  };

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={title}
          back={listPath}
          close={listPath}
          actions={
            <HStack gap="2" wrap="wrap">
              {record && canChange ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!online}
                  title={online ? undefined : t`Editing needs a connection`}
                  onClick={() => navigate(`${listPath}/${record.id}/edit`)}
                >
                  <LuPencil />
                  <Trans>Edit</Trans>
                </Button>
              ) : null}
              <Button variant="outline" size="sm" disabled={!record} onClick={() => doPrint(false)}>
                <LuPrinter />
                <Trans>Print A4</Trans>
              </Button>
              <Button variant="outline" size="sm" disabled={!record} onClick={() => doPrint(true)}>
                <LuPrinter />
                <Trans>Print A5</Trans>
              </Button>
            </HStack>
          }
        />
        {failed ? (
          <Text>
            <Trans>The record could not be loaded.</Trans>
          </Text>
        ) : !record ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2" mb="4">
              {fields.map((f) => (
                <Box key={f.label}>
                  <Text as="span" color="fg.muted">
                    {f.label}:{" "}
                  </Text>
                  <Text as="span" fontWeight="medium">
                    {f.value}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
            {children?.(record)}
            <HistoryPanel recordType={recordTypeOf(endpoint)} recordId={record.id} />
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
