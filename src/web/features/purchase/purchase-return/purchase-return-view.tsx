import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { documentTotals } from "../../../components/document/document-lines";
import type { PrintableDocument } from "../../../components/document/document-print";
import { linesFromRecord } from "../../../components/document/document-record";
import { DocumentView, useViewRecord, type DocumentViewAction } from "../../../components/document/document-view";
import { useHasPermission } from "../../../lib/use-permission";
import type { PurchaseReturnRecord } from "./return-lines";
import { useSettlementFields } from "../../../components/document/return-settlement-fields";

const PATH = "/purchase/purchase-return";

export default function PurchaseReturnView() {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const canChange = useHasPermission(["change_purchasereturn"]);
  const { record, error } = useViewRecord<PurchaseReturnRecord>(`purchase-return/${id}/`);
  const settlementFields = useSettlementFields();
  const lines = record ? linesFromRecord(record.items) : [];
  const doc: PrintableDocument | null = record
    ? {
        title: t`Purchase Return`,
        number: String(record.invoice_no),
        date: formatDate(record.input_date),
        branchId: record.branch,
        fields: [
          { label: t`Purchase Invoice No.`, value: String(record.purchase_invoice_no ?? "") },
          { label: t`Supplier`, value: record.supplier_name ?? "" },
          { label: t`Inventory`, value: record.inventory_name ?? "" },
          // The refund prints with the return.
          ...settlementFields(record, record.currency_code ?? ""),
        ],
        lines,
        totals: documentTotals(lines),
        currencyCode: record.currency_code ?? "",
        hidePayment: true,
        note: record.note ?? undefined,
      }
    : null;
  const actions: DocumentViewAction[] = record
    ? [
        {
          key: "edit",
          label: <Trans>Edit</Trans>,
          icon: <LuPencil />,
          hidden: !canChange,
          needsConnection: true,
          onClick: () => navigate(`${PATH}/${record.id}/edit`),
        },
      ]
    : [];
  return (
    <DocumentView
      title={record ? `${t`Purchase Return`} #${record.invoice_no}` : t`Purchase Return`}
      listPath={PATH}
      doc={doc}
      error={error}
      actions={actions}
    />
  );
}
