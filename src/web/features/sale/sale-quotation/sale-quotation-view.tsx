import { useState } from "react";
import { Badge, Button, Dialog, Portal } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuArrowRightLeft, LuPencil } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { newFormToken } from "../../../../core/form-token";
import { errorAction } from "../../../lib/api-errors";
import { translateMessage } from "../../../lib/messages";
import { showError, showInfo, showSuccess } from "../../../lib/toast";
import { useCurrentUser, useHasPermission } from "../../../lib/use-permission";
import { runCommand } from "../../../offline/commands";
import { quotationConvertResource } from "../../../offline/pending-documents";
import { AttentionNote } from "../../../offline/attention-note";
import { useOutboxEntry, usePendingDocuments } from "../../../offline/use-pending-documents";
import { useViewedRecord } from "../../../offline/use-viewed-record";
import { documentTotals, toSaleItems } from "../../../components/document/document-lines";
import type { PrintableDocument } from "../../../components/document/document-print";
import { DocumentView, type DocumentViewAction } from "../../../components/document/document-view";
import { linesFromRecord, recordItems } from "../../../components/document/document-record";
import { PendingBadge } from "../../../components/document/pending-badge";
import { PaymentFields, type PaymentType } from "../../../components/document/payment-fields";
import { cashboxProblem } from "../../../components/document/payment-rules";
import type { QuotationRecord } from "./sale-quotation-form";

const LIST_PATH = "/sale/sale-quotation";

export default function SaleQuotationView() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const canChange = useHasPermission(["change_salequotation"]);
  const canConvert = useHasPermission(["add_sale"]);
  // Offline it opens from the copy kept when it was last viewed on this device.
  const { record, error } = useViewedRecord<QuotationRecord>(`sale-quotation/${id}/`);
  const [converting, setConverting] = useState(false);
  // A conversion saved on this device and not synced yet: the quotation is converted for this user,
  // unless the server refused it: then it is not converted, and the refusal waits in the sync panel.
  const [pendingSale] = usePendingDocuments(quotationConvertResource(id));
  const refused = pendingSale?.status === "needs_attention";
  const refusedEntry = useOutboxEntry(refused ? pendingSale.entry_id : null);

  let doc: PrintableDocument | null = null;
  if (record) {
    const lines = linesFromRecord(recordItems(record));
    doc = {
      title: t`Sale Quotation`,
      number: String(record.invoice_no),
      date: formatDate(record.input_date),
      branchId: record.branch,
      fields: [
        { label: t`Customer`, value: record.customer_name },
        { label: t`Currency`, value: record.currency_code },
        ...(record.inventory_name ? [{ label: t`Inventory`, value: record.inventory_name }] : []),
      ],
      lines,
      totals: { ...documentTotals(lines, record.discount, 0), total: record.total_price, net: record.net_price },
      currencyCode: record.currency_code,
      hidePayment: true,
      note: record.note || undefined,
    };
  }
  const converted = Boolean(record?.converted_sale_id) || (Boolean(pendingSale) && !refused);
  const actions: DocumentViewAction[] = record
    ? [
        {
          key: "open-sale",
          label: <Trans>Open the sale</Trans>,
          hidden: !converted || Boolean(record.converted_sale_deleted),
          onClick: () =>
            navigate(
              pendingSale && !record.converted_sale_id
                ? `/sale/sale/${pendingSale.id}/view`
                : `/sale/sale/${record.converted_sale_id}/view`,
            ),
        },
        // Not twice while a refused conversion waits: it is resent or discarded first.
        {
          key: "convert",
          label: <Trans>Convert to sale</Trans>,
          icon: <LuArrowRightLeft />,
          primary: true,
          hidden: converted || refused || !canConvert,
          onClick: () => setConverting(true),
        },
        {
          key: "edit",
          label: <Trans>Edit</Trans>,
          icon: <LuPencil />,
          hidden: converted || !canChange,
          needsConnection: true,
          onClick: () => navigate(`${LIST_PATH}/${record.id}/edit`),
        },
      ]
    : [];
  return (
    <DocumentView
      title={t`Sale Quotation`}
      listPath={LIST_PATH}
      doc={doc}
      error={error}
      actions={actions}
      notes={
        refused && !record?.converted_sale_id ? (
          <>
            <Badge colorPalette="red" size="lg" data-testid="conversion-attention">
              <Trans>Conversion needs attention</Trans>
            </Badge>
            {refusedEntry ? <AttentionNote entry={refusedEntry} /> : null}
          </>
        ) : record?.converted_sale_deleted ? (
          <Badge colorPalette="gray" size="lg" data-testid="converted-sale-deleted">
            <Trans>Converted; its sale was deleted</Trans>
          </Badge>
        ) : pendingSale && !record?.converted_sale_id ? (
          <PendingBadge status={pendingSale.status} testId="pending-badge">
            {` ${pendingSale.invoice_no ?? ""}`}
          </PendingBadge>
        ) : null
      }
    >
      {converting && record && doc ? <ConvertDialog quotation={record} net={doc.totals.net} onClose={() => setConverting(false)} /> : null}
    </DocumentView>
  );
}

/** The sale a quotation becomes, as a `POST sale/` body (the pending sale and its provisional invoice). */
function saleOfQuotation(q: QuotationRecord): Record<string, unknown> {
  return {
    branch: q.branch,
    inventory: q.inventory,
    customer: q.customer,
    currency: q.currency,
    exchange_rate: q.exchange_rate,
    discount: q.discount,
    note: q.note,
    items: toSaleItems(linesFromRecord(recordItems(q))),
  };
}

function ConvertDialog({ quotation, net, onClose }: { quotation: QuotationRecord; net: string; onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [paymentType, setPaymentType] = useState<PaymentType>("cash");
  const [cashbox, setCashbox] = useState<number | null>(null);
  const [paid, setPaid] = useState(net);
  const [errors, setErrors] = useState<{ cashbox?: string; paid_amount?: string }>({});
  const [saving, setSaving] = useState(false);
  const [token] = useState(() => newFormToken(user?.id ?? 0));

  const convert = async () => {
    const problem = cashboxProblem(paid, cashbox, paymentType);
    if (problem) {
      setErrors({ cashbox: problem });
      return;
    }
    setSaving(true);
    try {
      const body = { payment_type: paymentType, cashbox, paid_amount: paid || "0", form_token: token };
      const outcome = await runCommand("sale-quotation-convert", { id: quotation.id, payment: body, sale: saleOfQuotation(quotation) });
      if (outcome.queued) {
        showInfo(t`Saved, will sync`);
        navigate(`/sale/sale/pending-${outcome.entryId}/view`);
      } else if (outcome.ok) {
        showSuccess(t`Saved successfully`);
        navigate(`/sale/sale/${(outcome.body as { id: number }).id}/view`);
      } else {
        const action = errorAction(outcome.status, outcome.body, translateMessage);
        if (action.kind === "toast") showError(action.lines.join("\n"));
        const fields = outcome.body && typeof outcome.body === "object" ? (outcome.body as Record<string, unknown>) : {};
        const first = (v: unknown) => (Array.isArray(v) ? String(v[0]) : undefined);
        setErrors({ cashbox: first(fields.cashbox), paid_amount: first(fields.paid_amount) });
      }
    } catch (e) {
      showError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Convert to sale</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <PaymentFields
                branchId={quotation.branch}
                currencyId={quotation.currency}
                net={net}
                paymentType={paymentType}
                onPaymentTypeChange={setPaymentType}
                cashbox={cashbox}
                onCashboxChange={setCashbox}
                paidAmount={paid}
                onPaidAmountChange={setPaid}
                errors={errors}
                stacked
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <Trans>Cancel</Trans>
              </Button>
              <Button colorPalette="blue" loading={saving} onClick={() => void convert()}>
                <Trans>Convert to sale</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
