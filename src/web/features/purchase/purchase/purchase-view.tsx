import { useEffect, useState } from "react";
import { Button, Card, Center, HStack, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil, LuUndo2 } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { CardTitle } from "../../../components/card-title";
import { DocumentPrint, DocumentPrintButtons, type PrintableDocument } from "../../../components/document/document-print";
import { api } from "../../../lib/api-client";
import { translateMessage } from "../../../lib/messages";
import { useHasPermission } from "../../../lib/use-permission";
import { useOnline } from "../../../offline/sync-status";
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
  const [record, setRecord] = useState<PurchaseRecord | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .get(`purchase/${id}/`)
      .json<PurchaseRecord>()
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [id]);

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

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={record ? `${t`Purchase Invoice`} #${record.invoice_no}` : t`Purchase Invoice`}
          back={PATH}
          close={PATH}
          actions={
            <HStack gap="2" wrap="wrap">
              {record && canChange ? (
                <>
                  {editReason ? (
                    <Text fontSize="sm" color="fg.warning" data-testid="edit-reason">
                      {editReason}
                    </Text>
                  ) : null}
                  <Button size="md" variant="outline" disabled={Boolean(editReason)} onClick={() => navigate(`${PATH}/${record.id}/edit`)}>
                    <LuPencil />
                    <Trans>Edit</Trans>
                  </Button>
                </>
              ) : null}
              {record && canReturn ? (
                <Button size="md" variant="outline" onClick={() => navigate(`/purchase/purchase-return/add?purchase=${record.id}`)}>
                  <LuUndo2 />
                  <Trans>Return</Trans>
                </Button>
              ) : null}
              <DocumentPrintButtons doc={doc} />
            </HStack>
          }
        />
        {failed ? (
          <Text>
            <Trans>The record could not be loaded.</Trans>
          </Text>
        ) : doc ? (
          <DocumentPrint doc={doc} />
        ) : (
          <Center py="10">
            <Spinner />
          </Center>
        )}
      </Card.Body>
    </Card.Root>
  );
}
