import { Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil, LuUndo2 } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import type { PrintableDocument } from "../../../components/document/document-print";
import { DocumentAttachments } from "../../../components/document-attachments";
import { DocumentView, useViewRecord, type DocumentViewAction } from "../../../components/document/document-view";
import { translateMessage } from "../../../lib/messages";
import { useHasPermission } from "../../../lib/use-permission";
import { useOnline } from "../../../offline/online";
import { purchaseEditRefusal, purchaseLines, purchaseTotals, type PurchaseRecord } from "./purchase-record";

const PATH = "/purchase/purchase";

/** The purchase as it prints (A4/A5), with edit (refused with the reason when paid or linked) and return. */
export default function PurchaseView() {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const canChange = useHasPermission(["change_purchase"]);
  const canReturn = useHasPermission(["add_purchasereturn"]);
  const { record, error } = useViewRecord<PurchaseRecord>(`purchase/${id}/`);

  const doc: PrintableDocument | null = record
    ? {
        title: t`Purchase Invoice`,
        number: String(record.invoice_no),
        date: formatDate(record.input_date),
        branchId: record.branch,
        fields: [
          { label: t`Supplier`, value: record.supplier_name ?? "" },
          { label: t`Inventory`, value: record.inventory_name ?? "" },
          ...(record.supplier_invoice_no ? [{ label: t`Supplier Invoice No.`, value: record.supplier_invoice_no }] : []),
          { label: t`Payment Type`, value: record.payment_type === "debit" ? t`Debit` : t`Cash` },
          ...(record.cashbox_name ? [{ label: t`Cashbox`, value: record.cashbox_name }] : []),
          { label: t`Currency`, value: record.currency_code ?? "" },
        ],
        lines: purchaseLines(record),
        totals: purchaseTotals(record),
        currencyCode: record.currency_code ?? "",
        note: record.note ?? undefined,
      }
    : null;
  const refusal = record ? purchaseEditRefusal(record) : null;
  const editReason = !online ? t`Editing needs a connection` : refusal ? translateMessage(refusal) : null;
  const actions: DocumentViewAction[] = record
    ? [
        {
          key: "edit",
          label: <Trans>Edit</Trans>,
          icon: <LuPencil />,
          hidden: !canChange,
          disabled: Boolean(editReason),
          onClick: () => navigate(`${PATH}/${record.id}/edit`),
        },
        {
          key: "return",
          label: <Trans>Return</Trans>,
          icon: <LuUndo2 />,
          hidden: !canReturn,
          onClick: () => navigate(`/purchase/purchase-return/add?purchase=${record.id}`),
        },
      ]
    : [];

  return (
    <DocumentView
      title={record ? `${t`Purchase Invoice`} #${record.invoice_no}` : t`Purchase Invoice`}
      listPath={PATH}
      doc={doc}
      error={error}
      actions={actions}
      notes={
        canChange && editReason ? (
          <Text fontSize="sm" color="fg.warning" data-testid="edit-reason">
            {editReason}
          </Text>
        ) : null
      }
    >
      {record ? <DocumentAttachments documentPath={`purchase/${record.id}/`} model="purchase" /> : null}
    </DocumentView>
  );
}
