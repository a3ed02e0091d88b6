import { useState } from "react";
import { Alert, Button, Card, Center, Flex, Spinner, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation, useNavigate, useParams } from "react-router";
import { errorAction } from "../../../lib/api-errors";
import { translateMessage } from "../../../lib/messages";
import { showError, showInfo, showSuccess } from "../../../lib/toast";
import { newFormToken } from "../../../../core/form-token";
import { useCurrentUser } from "../../../lib/use-permission";
import { formArgs, runCommand } from "../../../offline/commands";
import { useViewedRecord } from "../../../offline/use-viewed-record";
import { CardTitle } from "../../../components/card-title";
import { documentTotals, toStockItems, type DocumentLine } from "../../../components/document/document-lines";
import { DocumentLinesTable } from "../../../components/document/document-lines-table";
import { linesFromRecord, recordItems } from "../../../components/document/document-record";
import { DocumentTotals, normalisePaymentStatus } from "../../../components/document/document-totals";
import { StockScanField } from "../../../components/document/stock-scan-field";
import { serverErrors, type SaleErrors } from "./sale-form-rules";
import { saleFromState, type SaleRecord } from "../../../components/sale/sale-record";

/**
 * /sale/sale/:id/extra: material lines added to an existing (not paid) sale. Saved through the
 * outbox: offline the lines are queued, take their stock from the cache and show as pending on the sale.
 * Offline the sale comes from the screen it was opened from, else from the copy kept when it was last
 * viewed on this device (so a direct link works too); without either it says so.
 */
export default function SaleExtra() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { record: sale, error } = useViewedRecord<SaleRecord>(`sale/${id}/`, saleFromState(location.state, id));
  const [lines, setLines] = useState<DocumentLine[]>([]);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<SaleErrors>({});
  const [token] = useState(() => newFormToken(user?.id ?? 0));
  const view = `/sale/sale/${id}/view`;

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const body = { items: toStockItems(lines), form_token: token };
      const outcome = await runCommand("sale-extra-create", formArgs("sale-extra-create", { saleId: Number(id), body }));
      if (outcome.queued || outcome.ok) {
        if (outcome.queued) showInfo(t`Saved, will sync`);
        else showSuccess(t`Saved successfully`);
        // The view shows this sale even when it cannot load it (offline), with the extra pending.
        navigate(view, { state: { sale } });
      } else {
        const action = errorAction(outcome.status, outcome.body, translateMessage);
        if (action.kind === "toast") showError(action.lines.join("\n"));
        setErrors(serverErrors(outcome.body));
      }
    } catch (e) {
      showError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  const paid = sale && normalisePaymentStatus(sale.payment_status) === "paid";
  return (
    <Card.Root>
      <Card.Body p={{ base: "3", md: "5" }}>
        <CardTitle title={sale ? t`Extra Sale Material: invoice ${sale.invoice_no}` : t`Extra Sale Material`} back={view} close={view} />
        {error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : !sale ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : paid ? (
          <Alert.Root status="warning" data-testid="edit-refused">
            <Alert.Indicator />
            <Alert.Title>{translateMessage("A paid invoice cannot be updated, added to or deleted")}</Alert.Title>
          </Alert.Root>
        ) : (
          <Stack gap="4">
            <Text color="fg.muted">
              <Trans>Customer</Trans>: {sale.customer_name} · {sale.inventory_name}
            </Text>
            <DocumentLinesTable lines={linesFromRecord(recordItems(sale))} emptyText={t`No items`} />
            <StockScanField
              autoFocus
              inventoryId={sale.inventory}
              branchId={sale.branch}
              lines={lines}
              onLinesChange={setLines}
              checkStock
              selling
              materialOnly
              label={t`Scan material`}
            />
            <DocumentLinesTable lines={lines} onChange={setLines} checkStock errors={errors.lines} />
            {errors.items ? <Text color="fg.error">{translateMessage(errors.items)}</Text> : null}
            <Flex justify="space-between" align="start" wrap="wrap" gap="4">
              <DocumentTotals totals={documentTotals(lines)} currency={sale.currency_code} hidePayment hideDiscount />
              <Button colorPalette="blue" size="lg" loading={saving} disabled={lines.length === 0} onClick={() => void save()}>
                <Trans>Save</Trans>
              </Button>
            </Flex>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
