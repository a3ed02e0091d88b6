import { useEffect, useState } from "react";
import { Alert, Box, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation, useNavigate, useParams } from "react-router";
import { LuPencil, LuPlus, LuUndo2, LuPackagePlus, LuReceipt } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { api } from "../../../lib/api-client";
import { translateMessage } from "../../../lib/messages";
import { useHasPermission } from "../../../lib/use-permission";
import { provisionalInvoiceOf } from "../../../offline/commands";
import type { ProvisionalInvoice } from "../../../offline/provisional-invoice";
import { AttentionNote } from "../../../offline/attention-note";
import { useOutboxEntry } from "../../../offline/use-pending-documents";
import { useSyncedDocumentId } from "../../../offline/use-synced-document";
import { useViewedRecord } from "../../../offline/use-viewed-record";
import { normalisePaymentStatus } from "../../../components/document/document-totals";
import { DocumentView, type DocumentViewAction } from "../../../components/document/document-view";
import { PendingBadge } from "../../../components/document/pending-badge";
import { coveredByText, type PremiumSchedule } from "./premium-schedule";
import { PendingExtras } from "./pending-extras";
import { provisionalToPrintable } from "../../../components/sale/provisional-printable";
import { saleFromState, saleLockReason, saleToPrintable, type SaleLabels, type SaleRecord } from "../../../components/sale/sale-record";
import { printProvisionalReceipt, printReceipt } from "../../../components/sale/sale-receipt";

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

export default function SaleView() {
  const { id = "" } = useParams();
  return id.startsWith("pending-") ? <PendingSaleView entryId={Number(id.slice("pending-".length))} /> : <BookedSaleView id={id} />;
}

/** A new sale, from any sale view. */
function useNewSaleAction(): DocumentViewAction {
  const navigate = useNavigate();
  const canAdd = useHasPermission(["add_sale"]);
  return {
    key: "new",
    label: <Trans>New Sale</Trans>,
    icon: <LuPlus />,
    primary: true,
    hidden: !canAdd,
    onClick: () => navigate(`${LIST_PATH}/add`),
  };
}

function usePremiumSchedule(sale: SaleRecord | null): PremiumSchedule | null {
  const [schedule, setSchedule] = useState<{ id: number; value: PremiumSchedule } | null>(null);
  useEffect(() => {
    if (!sale?.is_premium) return;
    let cancelled = false;
    api
      .get(`sale/${sale.id}/premium-schedule/`, { context: { silent: true } })
      .json<PremiumSchedule>()
      .then((value) => !cancelled && setSchedule({ id: sale.id, value }))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [sale?.id, sale?.is_premium]);
  return sale && schedule?.id === sale.id ? schedule.value : null;
}

function BookedSaleView({ id }: { id: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const labels = useSaleLabels();
  const canChange = useHasPermission(["change_sale"]);
  const canExtra = useHasPermission(["change_sale", "add_sale"]);
  const canReturn = useHasPermission(["add_salereturn"]);
  const newSale = useNewSaleAction();
  const location = useLocation();
  // Offline it opens from the sale it was opened with, else from the copy kept when last viewed.
  const { record: sale, error } = useViewedRecord<SaleRecord>(`sale/${id}/`, saleFromState(location.state, id));
  const schedule = usePremiumSchedule(sale);

  const doc = sale ? saleToPrintable(sale, labels) : null;
  if (doc && sale?.is_premium && schedule) {
    doc.sections = [
      {
        title: t`Schedule of receipts`,
        head: ["#", t`Date`, t`Amount`, t`Paid`, t`Due`, t`Covered by`],
        rows: schedule.receipts.map((r) => [
          String(r.index),
          formatDate(r.date),
          money(r.amount),
          money(r.paid),
          money(r.due),
          coveredByText(schedule.coverage?.find((c) => c.index === r.index)?.covered_by ?? [], t`At sale`, t`Receipt`),
        ]),
      },
    ];
  }
  const lock = sale ? saleLockReason(sale) : null;
  const status = sale ? normalisePaymentStatus(sale.payment_status) : null;
  const actions: DocumentViewAction[] = sale
    ? [
        newSale,
        // Prints from the sale at hand: offline too.
        {
          key: "receipt",
          label: <Trans>Print receipt</Trans>,
          icon: <LuReceipt />,
          onClick: () => void printReceipt(sale),
        },
        {
          key: "edit",
          label: <Trans>Edit</Trans>,
          icon: <LuPencil />,
          hidden: !canChange || !!lock,
          needsConnection: true,
          onClick: () => navigate(`${LIST_PATH}/${sale.id}/edit`),
        },
        // Works offline: the extra screen takes the sale it was opened from, the outbox queues the lines.
        {
          key: "extra",
          label: <Trans>Extra Material</Trans>,
          icon: <LuPackagePlus />,
          hidden: !canExtra || status === "paid",
          onClick: () => navigate(`${LIST_PATH}/${sale.id}/extra`, { state: { sale } }),
        },
        {
          key: "return",
          label: <Trans>Return</Trans>,
          icon: <LuUndo2 />,
          hidden: !canReturn,
          needsConnection: true,
          onClick: () => navigate(`/sale/sale-return/add?sale=${sale.invoice_no}`),
        },
      ]
    : [];

  return (
    <DocumentView
      title={t`Sale Invoice`}
      listPath={LIST_PATH}
      doc={doc}
      error={error}
      actions={actions}
      notes={
        lock ? (
          <Text color="fg.muted" fontSize="sm">
            {lock === "paid"
              ? translateMessage("A paid invoice cannot be updated, added to or deleted")
              : translateMessage("Record is linked to returns, receipts or payments and cannot be changed")}
          </Text>
        ) : null
      }
    >
      {sale?.is_premium && schedule ? (
        <Box borderWidth="1px" borderRadius="md" p="3" data-testid="premium-due">
          <Text fontWeight="bold">
            <Trans>Installments</Trans> · <Trans>Due now</Trans>: {money(schedule.due_amount)} · <Trans>Next receipt</Trans>:{" "}
            {schedule.next_due_date ? formatDate(schedule.next_due_date) : "-"}
          </Text>
        </Box>
      ) : null}
      {sale ? <PendingExtras saleId={sale.id} currencyCode={sale.currency_code} /> : null}
    </DocumentView>
  );
}

/**
 * A sale saved on this device, not synced yet: the provisional invoice from local data (prints
 * offline), "Pending sync", or "Needs attention" with the server's refusal once it was refused.
 */
function PendingSaleView({ entryId }: { entryId: number }) {
  const { t } = useLingui();
  const labels = useSaleLabels();
  const newSale = useNewSaleAction();
  const entry = useOutboxEntry(entryId);
  const [invoice, setInvoice] = useState<ProvisionalInvoice | null | undefined>(undefined);
  const navigate = useNavigate();
  // Once it has synced, the view becomes the booked sale (its real number, its own URL).
  const syncedId = useSyncedDocumentId("sale/", entryId, entry);
  useEffect(() => {
    if (typeof syncedId === "number") void navigate(`${LIST_PATH}/${syncedId}/view`, { replace: true });
  }, [syncedId, navigate]);

  useEffect(() => {
    let cancelled = false;
    // Never rejects: a failed read shows no invoice.
    const load = () =>
      void provisionalInvoiceOf(entryId)
        .then((inv) => !cancelled && setInvoice(inv))
        .catch(() => !cancelled && setInvoice(null));
    load();
    // Re-read while it waits: once synced it leaves the outbox.
    const timer = window.setInterval(load, 5000);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [entryId]);
  const doc = invoice ? provisionalToPrintable(invoice, labels, t`Pending`) : null;
  return (
    <DocumentView
      title={t`Sale Invoice`}
      listPath={LIST_PATH}
      doc={doc}
      actions={[
        newSale,
        {
          key: "receipt",
          label: <Trans>Print receipt</Trans>,
          icon: <LuReceipt />,
          hidden: !doc,
          onClick: () => void (doc && printProvisionalReceipt(doc)),
        },
      ]}
      fallback={
        invoice === null && syncedId === null ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>This sale is no longer waiting on this device: it has synced or was discarded. Find it in the sales list.</Trans>
            </Alert.Title>
          </Alert.Root>
        ) : undefined
      }
      notes={
        entry?.status === "needs_attention" ? (
          <>
            <PendingBadge status={entry.status} testId="pending-badge" />
            <AttentionNote entry={entry} />
          </>
        ) : (
          <>
            <PendingBadge status="pending" testId="pending-badge" />
            <Text color="fg.muted" fontSize="sm">
              <Trans>Provisional invoice: the server assigns the number when it syncs.</Trans>
            </Text>
          </>
        )
      }
    />
  );
}
