import { useEffect, useState } from "react";
import { Alert, Button, Card, Center, Dialog, Flex, Portal, Spinner, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { LuArrowRightLeft, LuPencil } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { newFormToken } from "../../../../core/form-token";
import { api, getErrorBody, toErrorMessage } from "../../../lib/api-client";
import { showSuccess } from "../../../lib/toast";
import { useCurrentUser, useHasPermission } from "../../../lib/use-permission";
import { useOnline } from "../../../offline/sync-status";
import { CardTitle } from "../../../components/card-title";
import { documentTotals } from "../../../components/document/document-lines";
import { DocumentPrint, DocumentPrintButtons, type PrintableDocument } from "../../../components/document/document-print";
import { linesFromRecord, recordItems } from "../../../components/document/document-record";
import { PaymentFields, type PaymentType } from "../../../components/document/payment-fields";
import { cashboxProblem } from "../../../components/document/payment-rules";
import type { QuotationRecord } from "./sale-quotation-form";

const LIST_PATH = "/sale/sale-quotation";

export default function SaleQuotationView() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const online = useOnline();
  const canChange = useHasPermission(["change_salequotation"]);
  const canConvert = useHasPermission(["add_sale"]);
  const [record, setRecord] = useState<QuotationRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [converting, setConverting] = useState(false);

  useEffect(() => {
    let cancelled = false;
    api
      .get(`sale-quotation/${id}/`, { context: { silent: true } })
      .json<QuotationRecord>()
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
  return (
    <Card.Root>
      <Card.Body p={{ base: "3", md: "5" }}>
        <CardTitle title={t`Sale Quotation`} back={LIST_PATH} close={LIST_PATH} actions={<DocumentPrintButtons doc={doc} />} />
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
            <Flex gap="2" wrap="wrap" align="center">
              {record.converted_sale_id ? (
                <Button variant="outline" size="lg" onClick={() => navigate(`/sale/sale/${record.converted_sale_id}/view`)}>
                  <Trans>Open the sale</Trans>
                </Button>
              ) : (
                <>
                  {canConvert ? (
                    <Button colorPalette="blue" size="lg" disabled={!online} onClick={() => setConverting(true)}>
                      <LuArrowRightLeft />
                      <Trans>Convert to sale</Trans>
                    </Button>
                  ) : null}
                  {canChange ? (
                    <Button variant="outline" size="lg" disabled={!online} onClick={() => navigate(`${LIST_PATH}/${record.id}/edit`)}>
                      <LuPencil />
                      <Trans>Edit</Trans>
                    </Button>
                  ) : null}
                </>
              )}
              {!online ? (
                <Text color="fg.warning" fontSize="sm">
                  <Trans>Editing needs a connection</Trans>
                </Text>
              ) : null}
            </Flex>
            <DocumentPrint doc={doc} />
            {converting ? <ConvertDialog quotation={record} net={doc.totals.net} onClose={() => setConverting(false)} /> : null}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
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
    const problem = cashboxProblem(paid, cashbox);
    if (problem) {
      setErrors({ cashbox: problem });
      return;
    }
    setSaving(true);
    try {
      const sale = await api
        .post(`sale-quotation/${quotation.id}/convert/`, { json: { payment_type: paymentType, cashbox, paid_amount: paid || "0", form_token: token } })
        .json<{ id: number }>();
      showSuccess(t`Saved successfully`);
      navigate(`/sale/sale/${sale.id}/view`);
    } catch (e) {
      const body = getErrorBody(e) as Record<string, unknown> | null;
      if (body && typeof body === "object") {
        const first = (v: unknown) => (Array.isArray(v) ? String(v[0]) : undefined);
        setErrors({ cashbox: first(body.cashbox), paid_amount: first(body.paid_amount) });
      }
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
