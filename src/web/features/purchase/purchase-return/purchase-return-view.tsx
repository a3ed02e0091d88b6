import { useEffect, useState } from "react";
import { Button, Card, Center, HStack, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { CardTitle } from "../../../components/card-title";
import { documentTotals } from "../../../components/document/document-lines";
import { DocumentPrint, DocumentPrintButtons, type PrintableDocument } from "../../../components/document/document-print";
import { linesFromRecord } from "../../../components/document/document-record";
import { api } from "../../../lib/api-client";
import { useHasPermission } from "../../../lib/use-permission";
import { useOnline } from "../../../offline/sync-status";
import type { PurchaseReturnRecord } from "./return-lines";

const PATH = "/purchase/purchase-return";

export default function PurchaseReturnView() {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const canChange = useHasPermission(["change_purchasereturn"]);
  const [record, setRecord] = useState<PurchaseReturnRecord | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api
      .get(`purchase-return/${id}/`)
      .json<PurchaseReturnRecord>()
      .then(setRecord)
      .catch(() => setFailed(true));
  }, [id]);
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
        ],
        lines,
        totals: documentTotals(lines),
        currencyCode: record.currency_code ?? "",
        hidePayment: true,
        note: record.note ?? undefined,
      }
    : null;
  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={record ? `${t`Purchase Return`} #${record.invoice_no}` : t`Purchase Return`}
          back={PATH}
          close={PATH}
          actions={
            <HStack gap="2" wrap="wrap">
              {record && canChange ? (
                <Button size="md" variant="outline" disabled={!online} title={online ? undefined : t`Editing needs a connection`} onClick={() => navigate(`${PATH}/${record.id}/edit`)}>
                  <LuPencil />
                  <Trans>Edit</Trans>
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
