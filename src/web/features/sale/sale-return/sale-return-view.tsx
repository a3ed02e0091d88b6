import { useEffect, useState } from "react";
import { Alert, Button, Card, Center, Flex, Spinner, Stack } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuPencil } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { api, toErrorMessage } from "../../../lib/api-client";
import { useHasPermission } from "../../../lib/use-permission";
import { useOnline } from "../../../offline/sync-status";
import { CardTitle } from "../../../components/card-title";
import { documentTotals } from "../../../components/document/document-lines";
import { DocumentPrint, DocumentPrintButtons, type PrintableDocument } from "../../../components/document/document-print";
import { linesFromRecord, recordItems, type RecordLine } from "../../../components/document/document-record";

const LIST_PATH = "/sale/sale-return";

interface SaleReturnRecord {
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
  const online = useOnline();
  const canChange = useHasPermission(["change_salereturn"]);
  const [record, setRecord] = useState<SaleReturnRecord | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    api
      .get(`sale-return/${id}/`, { context: { silent: true } })
      .json<SaleReturnRecord>()
      .then((r) => !cancelled && setRecord(r))
      .catch((e: unknown) => !cancelled && setError(toErrorMessage(e) ?? t`The record could not be loaded.`));
    return () => {
      cancelled = true;
    };
  }, [id, t]);

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
      ],
      lines,
      totals: { ...documentTotals(lines), total: record.total_price, net: record.total_price },
      currencyCode: record.currency_code,
      hidePayment: true,
      note: record.note || undefined,
    };
  }
  return (
    <Card.Root>
      <Card.Body p={{ base: "3", md: "5" }}>
        <CardTitle title={t`Sale Return`} back={LIST_PATH} close={LIST_PATH} actions={<DocumentPrintButtons doc={doc} />} />
        {error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : !doc || !record ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : (
          <Stack gap="4">
            <Flex gap="2" wrap="wrap">
              {canChange ? (
                <Button variant="outline" size="lg" disabled={!online} onClick={() => navigate(`${LIST_PATH}/${record.id}/edit`)}>
                  <LuPencil />
                  <Trans>Edit</Trans>
                </Button>
              ) : null}
              <Button variant="outline" size="lg" onClick={() => navigate(`/sale/sale/${record.sale}/view`)}>
                <Trans>Open the sale</Trans>
              </Button>
            </Flex>
            <DocumentPrint doc={doc} />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
