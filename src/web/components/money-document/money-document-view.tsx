import { useEffect, useState } from "react";
import { Box, Button, Card, Center, HStack, SimpleGrid, Spinner, Table, Text } from "@chakra-ui/react";
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
import { buildTableBody, buildTableHead, escapeHtml } from "../print/print-html";
import { usePrint } from "../print/use-print";
import { MONEY_DOCUMENTS, partyName, type MoneyDocumentKind, type MoneyDocumentRecord } from "./money-document-kind";

const money = (value: string) => formatAmount(tryMoney(value) ?? 0);

/** A receipt or payment as it prints: number, date, party, cashbox, amount (and in words), the invoices it settled. */
export function MoneyDocumentView({ kind }: { kind: MoneyDocumentKind }) {
  const { t, i18n } = useLingui();
  const meta = MONEY_DOCUMENTS[kind];
  const { id } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const print = usePrint();
  const canChange = useHasPermission([`change_${meta.model}`]);
  const [record, setRecord] = useState<MoneyDocumentRecord | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .get(`${meta.endpoint}${id}/`)
      .json<MoneyDocumentRecord>()
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [id, meta.endpoint]);

  const title = record ? `${i18n._(meta.singular)} #${record.invoice_no}` : i18n._(meta.singular);
  const fields = record
    ? [
        { label: t`Number`, value: String(record.invoice_no) },
        { label: t`Date`, value: formatDate(record.input_date) },
        { label: meta.party === "customer" ? t`Customer` : t`Supplier`, value: partyName(record) },
        { label: t`Branch`, value: record.branch_name },
        { label: t`Cashbox`, value: record.cashbox_name },
        { label: t`Amount`, value: `${money(record.amount)} ${record.currency_code}` },
        { label: t`Amount in words`, value: amountInWords(record.amount, record.currency_code) },
        ...(record.note ? [{ label: t`Note`, value: record.note }] : []),
      ]
    : [];
  const allocations = record?.allocations ?? [];
  const head = [t`Invoice`, t`Date`, t`Net`, t`Paid`, t`Amount`];
  const rows = allocations.map((a) => [
    String(a.invoice_no),
    formatDate(a.input_date),
    money(a.net_price),
    money(a.paid_amount),
    money(a.amount),
  ]);
  const doPrint = (a5: boolean) => {
    const meta = fields.map((f) => `<div><b>${escapeHtml(f.label)}:</b> ${escapeHtml(f.value)}</div>`).join("");
    const table = rows.length ? `<table><thead>${buildTableHead(head)}</thead><tbody>${buildTableBody(rows)}</tbody></table>` : "";
    print({ title, a5, branchId: record?.branch ?? null, body: `<div style="margin:6px 0">${meta}</div>${table}` });
  };

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={title}
          back={meta.path}
          close={meta.path}
          actions={
            <HStack gap="2" wrap="wrap">
              {record && canChange ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!online}
                  title={online ? undefined : t`Editing needs a connection`}
                  onClick={() => navigate(`${meta.path}/${record.id}/edit`)}
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
            <Text fontWeight="semibold" mb="2">
              {kind === "receipt" ? <Trans>Sales settled</Trans> : <Trans>Purchases settled</Trans>}
            </Text>
            {rows.length === 0 ? (
              <Text color="fg.muted">
                <Trans>None: the amount stays on the account.</Trans>
              </Text>
            ) : (
              <Table.Root size="sm" variant="outline" aria-label={t`Settled invoices`}>
                <Table.Header>
                  <Table.Row>
                    {head.map((h, i) => (
                      <Table.ColumnHeader key={h} textAlign={i >= 2 ? "end" : "start"}>
                        {h}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {allocations.map((a, r) => (
                    <Table.Row
                      key={`${a.sale ?? a.purchase}`}
                      onDoubleClick={() => navigate(`${meta.invoicePath}/${a.sale ?? a.purchase}/view`)}
                    >
                      {rows[r].map((cell, i) => (
                        <Table.Cell key={i} textAlign={i >= 2 ? "end" : "start"}>
                          {cell}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
