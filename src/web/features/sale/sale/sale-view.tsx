import { useEffect, useState } from "react";
import { Alert, Badge, Box, Button, Card, Center, Flex, Spinner, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil, LuPlus, LuUndo2, LuPackagePlus } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { api, toErrorMessage } from "../../../lib/api-client";
import { translateMessage } from "../../../lib/messages";
import { useHasPermission } from "../../../lib/use-permission";
import { provisionalInvoiceOf } from "../../../offline/commands";
import { useOnline } from "../../../offline/sync-status";
import type { ProvisionalInvoice } from "../../../offline/provisional-invoice";
import { CardTitle } from "../../../components/card-title";
import { DocumentPrint, DocumentPrintButtons } from "../../../components/document/document-print";
import { normalisePaymentStatus } from "../../../components/document/document-totals";
import { provisionalToPrintable } from "./provisional-printable";
import { saleLockReason, saleToPrintable, type SaleLabels, type SaleRecord } from "./sale-record";

const LIST_PATH = "/sale/sale";
const money = (v: string) => formatAmount(tryMoney(v) ?? 0);

export function useSaleLabels(): SaleLabels {
  const { t } = useLingui();
  return {
    title: t`Sale Invoice`,
    customer: t`Customer`,
    inventory: t`Inventory`,
    currency: t`Currency`,
    paymentType: t`Payment Type`,
    cash: t`Cash`,
    debit: t`Debit`,
    cashbox: t`Cashbox`,
    exchangeRate: t`Exchange Rate`,
  };
}

interface PremiumSchedule {
  owed: string;
  paid_amount: string;
  remaining: string;
  next_due_date: string | null;
  due_amount: string;
  receipts: { index: number; date: string; amount: string; paid: string; due: string }[];
}

export default function SaleView() {
  const { id = "" } = useParams();
  return id.startsWith("pending-") ? <PendingSaleView entryId={Number(id.slice("pending-".length))} /> : <BookedSaleView id={id} />;
}

function BookedSaleView({ id }: { id: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const labels = useSaleLabels();
  const online = useOnline();
  const canChange = useHasPermission(["change_sale"]);
  const canExtra = useHasPermission(["change_sale", "add_sale"]);
  const canReturn = useHasPermission(["add_salereturn"]);
  const canAdd = useHasPermission(["add_sale"]);
  const [sale, setSale] = useState<SaleRecord | null>(null);
  const [schedule, setSchedule] = useState<PremiumSchedule | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    api
      .get(`sale/${id}/`, { context: { silent: true } })
      .json<SaleRecord>()
      .then((r) => {
        if (cancelled) return;
        setSale(r);
        if (r.is_premium)
          api
            .get(`sale/${id}/premium-schedule/`, { context: { silent: true } })
            .json<PremiumSchedule>()
            .then((s) => !cancelled && setSchedule(s))
            .catch(() => undefined);
      })
      .catch((e: unknown) => !cancelled && setError(toErrorMessage(e) ?? t`The record could not be loaded.`));
    return () => {
      cancelled = true;
    };
  }, [id, t]);

  const doc = sale ? saleToPrintable(sale, labels) : null;
  if (doc && sale?.is_premium && schedule) {
    doc.sections = [
      {
        title: t`Schedule of receipts`,
        head: ["#", t`Date`, t`Amount`, t`Paid`, t`Due`],
        rows: schedule.receipts.map((r) => [String(r.index), formatDate(r.date), money(r.amount), money(r.paid), money(r.due)]),
      },
    ];
  }
  const lock = sale ? saleLockReason(sale) : null;
  const status = sale ? normalisePaymentStatus(sale.payment_status) : null;

  return (
    <Card.Root>
      <Card.Body p={{ base: "3", md: "5" }}>
        <CardTitle
          title={t`Sale Invoice`}
          back={LIST_PATH}
          close={LIST_PATH}
          actions={<DocumentPrintButtons doc={doc} />}
        />
        {error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : !doc || !sale ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : (
          <Stack gap="4">
            <Flex gap="2" wrap="wrap" align="center">
              {canAdd ? (
                <Button colorPalette="blue" size="lg" onClick={() => navigate(`${LIST_PATH}/add`)}>
                  <LuPlus />
                  <Trans>New Sale</Trans>
                </Button>
              ) : null}
              {canChange && !lock ? (
                <Button variant="outline" size="lg" disabled={!online} onClick={() => navigate(`${LIST_PATH}/${sale.id}/edit`)}>
                  <LuPencil />
                  <Trans>Edit</Trans>
                </Button>
              ) : null}
              {canExtra && status !== "paid" ? (
                <Button variant="outline" size="lg" disabled={!online} onClick={() => navigate(`${LIST_PATH}/${sale.id}/extra`)}>
                  <LuPackagePlus />
                  <Trans>Extra Material</Trans>
                </Button>
              ) : null}
              {canReturn ? (
                <Button variant="outline" size="lg" disabled={!online} onClick={() => navigate(`/sale/sale-return/add?sale=${sale.invoice_no}`)}>
                  <LuUndo2 />
                  <Trans>Return</Trans>
                </Button>
              ) : null}
              {lock ? (
                <Text color="fg.muted" fontSize="sm">
                  {lock === "paid"
                    ? translateMessage("A paid invoice cannot be updated, added to or deleted")
                    : translateMessage("Record is linked to returns, receipts or payments and cannot be changed")}
                </Text>
              ) : null}
              {!online ? (
                <Text color="fg.warning" fontSize="sm">
                  <Trans>Editing needs a connection</Trans>
                </Text>
              ) : null}
            </Flex>
            <DocumentPrint doc={doc} />
            {sale.is_premium && schedule ? (
              <Box borderWidth="1px" borderRadius="md" p="3" data-testid="premium-due">
                <Text fontWeight="bold">
                  <Trans>Installments</Trans> · <Trans>Due now</Trans>: {money(schedule.due_amount)} · <Trans>Next receipt</Trans>:{" "}
                  {schedule.next_due_date ? formatDate(schedule.next_due_date) : "-"}
                </Text>
              </Box>
            ) : null}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** A sale saved on this device, not synced yet: the provisional invoice from local data (prints offline). */
function PendingSaleView({ entryId }: { entryId: number }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const labels = useSaleLabels();
  const [invoice, setInvoice] = useState<ProvisionalInvoice | null | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    const load = () =>
      provisionalInvoiceOf(entryId)
        .then((inv) => !cancelled && setInvoice(inv))
        .catch(() => !cancelled && setInvoice(null));
    void load();
    // Re-read while it waits: once synced it leaves the outbox.
    const timer = window.setInterval(load, 5000);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [entryId]);
  const doc = invoice ? provisionalToPrintable(invoice, labels, t`Pending`) : null;
  return (
    <Card.Root>
      <Card.Body p={{ base: "3", md: "5" }}>
        <CardTitle title={t`Sale Invoice`} back={LIST_PATH} close={LIST_PATH} actions={<DocumentPrintButtons doc={doc} />} />
        {invoice === undefined ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : invoice === null || !doc ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>This sale is no longer waiting on this device: it has synced or was discarded. Find it in the sales list.</Trans>
            </Alert.Title>
          </Alert.Root>
        ) : (
          <Stack gap="4">
            <Flex gap="2" align="center" wrap="wrap">
              <Badge colorPalette="orange" size="lg" data-testid="pending-badge">
                <Trans>Pending sync</Trans>
              </Badge>
              <Text color="fg.muted" fontSize="sm">
                <Trans>Provisional invoice: the server assigns the number when it syncs.</Trans>
              </Text>
              <Button colorPalette="blue" size="lg" ms="auto" onClick={() => navigate(`${LIST_PATH}/add`)}>
                <LuPlus />
                <Trans>New Sale</Trans>
              </Button>
            </Flex>
            <DocumentPrint doc={doc} />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
