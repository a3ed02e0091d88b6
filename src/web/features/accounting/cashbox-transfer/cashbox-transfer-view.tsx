import { useEffect, useState } from "react";
import { Box, Button, Card, Center, HStack, SimpleGrid, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil, LuPrinter } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { amountInWords } from "../../../../core/number-to-words";
import { CardTitle } from "../../../components/card-title";
import { escapeHtml } from "../../../components/print/print-html";
import { usePrint } from "../../../components/print/use-print";
import { api } from "../../../lib/api-client";
import { useHasPermission } from "../../../lib/use-permission";
import { useOnline } from "../../../offline/sync-status";
import { TRANSFER_ENDPOINT, TRANSFER_PATH, type TransferRecord } from "./transfer-record";

/** A cashbox transfer as it prints: number, date, from, to, amount and the amount in words. */
export default function CashboxTransferView() {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const print = usePrint();
  const canChange = useHasPermission(["change_cashbox"]);
  const [record, setRecord] = useState<TransferRecord | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .get(`${TRANSFER_ENDPOINT}${id}/`)
      .json<TransferRecord>()
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [id]);
  const title = record ? `${t`Cashbox Transfer`} #${record.invoice_no}` : t`Cashbox Transfer`;
  const fields = record
    ? [
        { label: t`Number`, value: String(record.invoice_no) },
        { label: t`Date`, value: formatDate(record.input_date) },
        { label: t`Branch`, value: record.branch_name },
        { label: t`From Cashbox`, value: record.from_cashbox_name },
        { label: t`To Cashbox`, value: record.to_cashbox_name },
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
          back={TRANSFER_PATH}
          close={TRANSFER_PATH}
          actions={
            <HStack gap="2" wrap="wrap">
              {record && canChange ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!online}
                  title={online ? undefined : t`Editing needs a connection`}
                  onClick={() => navigate(`${TRANSFER_PATH}/${record.id}/edit`)}
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
