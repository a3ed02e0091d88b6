import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { useHasPermission } from "../../../lib/use-permission";
import { documentTotals } from "../../../components/document/document-lines";
import type { PrintableDocument } from "../../../components/document/document-print";
import { DocumentView, useViewRecord, type DocumentViewAction } from "../../../components/document/document-view";
import { linesFromRecord, recordItems, type RecordLine } from "../../../components/document/document-record";
import { useSettlementFields, type SettlementRecord } from "../../../components/document/return-settlement-fields";

const LIST_PATH = "/sale/sale-return";

interface SaleReturnRecord extends SettlementRecord {
  id: number;
  branch: number;
  invoice_no: number;
  sale: number;
  sale_invoice_no: number;
  customer_name: string;
  currency_code: string;
  inventory_name?: string;
  total_price: string;
  input_date: string;
  note: string;
  items?: RecordLine[];
  lines?: RecordLine[];
}

export default function SaleReturnView() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const canChange = useHasPermission(["change_salereturn"]);
  const { record, error } = useViewRecord<SaleReturnRecord>(`sale-return/${id}/`);
  const settlementFields = useSettlementFields();

  let doc: PrintableDocument | null = null;
  if (record) {
    const lines = linesFromRecord(recordItems(record));
    doc = {
      title: t`Sale Return`,
      number: String(record.invoice_no),
      date: formatDate(record.input_date),
      branchId: record.branch,
      fields: [
        { label: t`Sale Invoice No.`, value: String(record.sale_invoice_no) },
        { label: t`Customer`, value: record.customer_name },
        { label: t`Currency`, value: record.currency_code },
        ...(record.inventory_name ? [{ label: t`Inventory`, value: record.inventory_name }] : []),
        // The refund prints with the return.
        ...settlementFields(record, record.currency_code),
      ],
      lines,
      totals: { ...documentTotals(lines), total: record.total_price, net: record.total_price },
      currencyCode: record.currency_code,
      hidePayment: true,
      note: record.note || undefined,
    };
  }
  const actions: DocumentViewAction[] = record
    ? [
        {
          key: "edit",
          label: <Trans>Edit</Trans>,
          icon: <LuPencil />,
          hidden: !canChange,
          needsConnection: true,
          onClick: () => navigate(`${LIST_PATH}/${record.id}/edit`),
        },
        { key: "sale", label: <Trans>Open the sale</Trans>, onClick: () => navigate(`/sale/sale/${record.sale}/view`) },
      ]
    : [];
  return <DocumentView title={t`Sale Return`} listPath={LIST_PATH} doc={doc} error={error} actions={actions} />;
}
