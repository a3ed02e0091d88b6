import { useEffect, useState } from "react";
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
import { escapeHtml } from "../print/print-html";
import { usePrint } from "../print/use-print";
import { CASHBOX_DOCUMENTS, typeName, type CashboxDocumentKind, type CashboxDocumentRecord } from "./cashbox-document-kind";

/** An expense or income as it prints: number, date, type, cashbox, amount and the amount in words, note. */
export function CashboxDocumentView({ kind }: { kind: CashboxDocumentKind }) {
  const { t, i18n } = useLingui();
  const meta = CASHBOX_DOCUMENTS[kind];
  const { id } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const print = usePrint();
  const canChange = useHasPermission([`change_${kind}`]);
  const [record, setRecord] = useState<CashboxDocumentRecord | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .get(`${meta.endpoint}${id}/`)
      .json<CashboxDocumentRecord>()
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [id, meta.endpoint]);

  const title = record ? `${i18n._(meta.singular)} #${record.invoice_no}` : i18n._(meta.singular);
  const fields = record
    ? [
        { label: t`Number`, value: String(record.invoice_no) },
        { label: t`Date`, value: formatDate(record.input_date) },
        { label: i18n._(meta.typeLabel), value: typeName(record) },
        { label: t`Branch`, value: record.branch_name },
        { label: t`Cashbox`, value: record.cashbox_name },
        { label: t`Amount`, value: `${formatAmount(tryMoney(record.amount) ?? 0)} ${record.currency_code}` },
        { label: t`Amount in words`, value: amountInWords(record.amount, record.currency_code) },
        ...(record.note ? [{ label: t`Note`, value: record.note }] : []),
      ]
    : [];
  const doPrint = (a5: boolean) => {
    const body = fields.map((f) => `<div><b>${escapeHtml(f.label)}:</b> ${escapeHtml(f.value)}</div>`).join("");
    print({ title, a5, branchId: record?.branch ?? null, body: `<div style="margin:6px 0">${body}</div>` });
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
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2">
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
        )}
      </Card.Body>
    </Card.Root>
  );
}
