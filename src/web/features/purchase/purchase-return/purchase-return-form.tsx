import { useCallback, useEffect, useState } from "react";
import { Button, Field, Flex, HStack, Input, SimpleGrid, Text } from "@chakra-ui/react";
import { useFormikContext } from "formik";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSearchParams } from "react-router";
import { LuSearch } from "react-icons/lu";
import { toIsoDate } from "../../../../core/dates";
import { MESSAGES } from "../../../../core/messages";
import { formatAmount, tryMoney } from "../../../../core/money";
import { purchaseReturnSchema } from "../../../../core/validation/purchase-schemas";
import { documentTotals, type DocumentLine } from "../../../components/document/document-lines";
import { DocumentLinesTable } from "../../../components/document/document-lines-table";
import { DocumentTotals } from "../../../components/document/document-totals";
import { linesFromRecord } from "../../../components/document/document-record";
import { DocumentFormScreen } from "../../../components/form/document-form-screen";
import { TextField } from "../../../components/form/form-fields";
import { lineErrorsOf, useDocumentForm } from "../../../components/form/use-document-form";
import { api } from "../../../lib/api-client";
import { translateMessage } from "../../../lib/messages";
import { showError } from "../../../lib/toast";
import {
  NO_SETTLEMENT_VALUE,
  ReturnSettlementFields,
  settlementBody,
  settlementOf,
  type SettlementValue,
} from "../../../components/document/return-settlement-fields";
import { returnableLines, type PurchaseForReturn, type PurchaseReturnRecord } from "./return-lines";

const LIST_PATH = "/purchase/purchase-return";

interface Values {
  purchase: number | null;
  input_date: string;
  note: string;
  settlement: SettlementValue;
  lines: DocumentLine[];
}

const initial = (): Values => ({
  purchase: null,
  input_date: toIsoDate(new Date()),
  note: "",
  settlement: NO_SETTLEMENT_VALUE,
  lines: [],
});

const toBody = (v: Values) => ({
  purchase: v.purchase,
  input_date: v.input_date || null,
  note: v.note.trim(),
  ...settlementBody(v.settlement),
  items: v.lines.filter((l) => l.stock !== null).map((l) => ({ stock: l.stock, quantity: l.quantity, price: l.price })),
});

const fromRecord = (r: PurchaseReturnRecord): Values => ({
  purchase: r.purchase,
  input_date: (r.input_date ?? "").slice(0, 10),
  note: r.note ?? "",
  settlement: settlementOf(r),
  lines: linesFromRecord(r.items),
});

/** Add / edit a purchase return: the purchase by its invoice number, its lines with what can still be returned. */
export default function PurchaseReturnForm() {
  const { t } = useLingui();
  const form = useDocumentForm<Values, PurchaseReturnRecord>({
    resource: "purchase-return",
    listPath: LIST_PATH,
    schema: purchaseReturnSchema,
    initialValues: initial(),
    fromRecord,
    toBody,
  });
  return (
    <DocumentFormScreen
      title={form.isEdit ? t`Edit Purchase Return` : t`Add Purchase Return`}
      listPath={LIST_PATH}
      model="purchasereturn"
      {...form}
      footer={<ReturnTotals />}
    >
      <ReturnFields isEdit={form.isEdit} />
    </DocumentFormScreen>
  );
}

function ReturnTotals() {
  const { values } = useFormikContext<Values>();
  return <DocumentTotals totals={documentTotals(values.lines)} hidePayment hideDiscount />;
}

function ReturnFields({ isEdit }: { isEdit: boolean }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const { values, setFieldValue, errors, submitCount } = useFormikContext<Values>();
  const [invoiceNo, setInvoiceNo] = useState("");
  const [purchase, setPurchase] = useState<PurchaseForReturn | null>(null);
  const [searching, setSearching] = useState(false);
  const setLines = useCallback((lines: DocumentLine[]) => void setFieldValue("lines", lines), [setFieldValue]);

  const load = useCallback(
    async (id: number, replaceLines: boolean) => {
      const found = await api.get(`purchase/${id}/`).json<PurchaseForReturn>();
      setPurchase(found);
      setInvoiceNo(String(found.invoice_no));
      if (replaceLines) {
        void setFieldValue("purchase", found.id);
        setLines(returnableLines(found));
      }
    },
    [setFieldValue, setLines],
  );

  useEffect(() => {
    const preset = Number(params.get("purchase"));
    if (!isEdit && preset) void load(preset, true).catch(() => undefined);
  }, [params, isEdit, load]);
  useEffect(() => {
    if (isEdit && values.purchase && !purchase) void load(values.purchase, false).catch(() => undefined);
  }, [isEdit, values.purchase, purchase, load]);

  const search = async () => {
    const number = invoiceNo.trim();
    if (!number) {
      showError(translateMessage(MESSAGES.invoiceNoRequired));
      return;
    }
    setSearching(true);
    try {
      const page = await api
        .get("purchase/", { searchParams: { invoice_no: number, page_size: "25" } })
        .json<{ results: { id: number }[] }>();
      if (page.results.length === 0) showError(translateMessage(MESSAGES.notFound));
      else await load(page.results[0].id, true);
    } catch {
      // The api client has shown the reason.
    } finally {
      setSearching(false);
    }
  };

  const purchaseError = submitCount > 0 ? (errors as Record<string, string | undefined>).purchase : undefined;
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb="4" alignItems="end">
        <Field.Root invalid={Boolean(purchaseError)} required>
          <Field.Label>
            <Trans>Purchase Invoice No.</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <HStack w="full">
            <Input
              name="purchase_invoice_no"
              inputMode="numeric"
              value={invoiceNo}
              disabled={isEdit}
              onChange={(event) => setInvoiceNo(event.target.value.replace(/[^\d]/g, ""))}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  void search();
                }
              }}
            />
            <Button aria-label={t`Search`} variant="outline" loading={searching} disabled={isEdit} onClick={() => void search()}>
              <LuSearch />
            </Button>
          </HStack>
          <Field.ErrorText>{purchaseError ? translateMessage(MESSAGES.invoiceNoRequired) : null}</Field.ErrorText>
        </Field.Root>
        <TextField name="input_date" label={t`Date`} type="date" />
        <TextField name="note" label={t`Note`} />
      </SimpleGrid>
      {purchase ? (
        <Flex gap="6" mb="3" wrap="wrap" fontSize="sm" data-testid="return-purchase">
          <Text>
            <Trans>Supplier</Trans>: <b>{purchase.supplier_name}</b>
          </Text>
          <Text>
            <Trans>Inventory</Trans>: <b>{purchase.inventory_name}</b>
          </Text>
          <Text>
            <Trans>Remaining</Trans>:{" "}
            <b>
              {formatAmount(tryMoney(purchase.remaining) ?? 0)} {purchase.currency_code}
            </b>
          </Text>
        </Flex>
      ) : null}
      {purchase ? (
        <ReturnSettlementFields
          value={values.settlement}
          onChange={(v) => void setFieldValue("settlement", v)}
          branchId={purchase.branch}
          party="supplier"
        />
      ) : null}
      <DocumentLinesTable
        lines={values.lines}
        onChange={setLines}
        checkStock
        priceTitle={t`Price`}
        emptyText={t`Choose the purchase by its invoice number`}
        errors={lineErrorsOf(errors, submitCount > 0)}
      />
    </>
  );
}
