import { useCallback, useEffect } from "react";
import { Box, Field, SimpleGrid } from "@chakra-ui/react";
import { useAtomValue } from "jotai";
import { useFormikContext } from "formik";
import { useLingui } from "@lingui/react/macro";
import { toIsoDate } from "../../../../core/dates";
import { add, toDecimalString, tryMoney } from "../../../../core/money";
import { purchaseSchema } from "../../../../core/validation/purchase-schemas";
import { documentTotals, type DocumentLine } from "../../../components/document/document-lines";
import { DocumentLinesTable } from "../../../components/document/document-lines-table";
import { DocumentTotals } from "../../../components/document/document-totals";
import { cashboxProblem, PaymentFields, type PaymentType } from "../../../components/document/payment-fields";
import { DocumentFormScreen } from "../../../components/form/document-form-screen";
import { NumberFormField, TextField, useFormField } from "../../../components/form/form-fields";
import { lineErrorsOf, useDocumentForm } from "../../../components/form/use-document-form";
import { NumberField } from "../../../components/number-field";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { CurrencySelect } from "../../../components/selectors/currency-select";
import { useDocumentCurrency } from "../../../components/document/use-document-currency";
import { InventorySelect } from "../../../components/selectors/inventory-select";
import { ItemSelect } from "../../../components/selectors/item-select";
import { SupplierSelect } from "../../../components/selectors/supplier-select";
import { batchTrackingAtom } from "../../../lib/app-state";
import type { RowKey } from "../../../offline/sync-tables";
import { purchaseLineFor } from "./item-prices";
import { purchaseEditRefusal, purchaseLines, toPurchaseItems, type PurchaseLine, type PurchaseRecord } from "./purchase-record";

const LIST_PATH = "/purchase/purchase";

interface Values {
  branch: RowKey | null;
  inventory: RowKey | null;
  supplier: RowKey | null;
  currency: RowKey | null;
  exchange_rate: string;
  supplier_invoice_no: string;
  input_date: string;
  note: string;
  payment_type: PaymentType;
  cashbox: number | null;
  paid_amount: string;
  discount: string;
  lines: PurchaseLine[];
  batch: boolean;
}

const initial = (): Values => ({
  branch: null,
  inventory: null,
  supplier: null,
  currency: null,
  exchange_rate: "1",
  supplier_invoice_no: "",
  input_date: toIsoDate(new Date()),
  note: "",
  payment_type: "cash",
  cashbox: null,
  paid_amount: "",
  discount: "0",
  lines: [],
  batch: false,
});

const toBody = (v: Values) => ({
  branch: v.branch,
  inventory: v.inventory,
  supplier: v.supplier,
  currency: v.currency,
  exchange_rate: v.exchange_rate || null,
  payment_type: v.payment_type,
  cashbox: v.cashbox,
  paid_amount: v.paid_amount || "0",
  discount: v.discount || "0",
  supplier_invoice_no: v.supplier_invoice_no.trim(),
  input_date: v.input_date || null,
  note: v.note.trim(),
  items: toPurchaseItems(v.lines, v.batch),
});

const fromRecord = (r: PurchaseRecord): Values => ({
  branch: r.branch,
  inventory: r.inventory,
  supplier: r.supplier,
  currency: r.currency,
  exchange_rate: r.exchange_rate ?? "1",
  supplier_invoice_no: r.supplier_invoice_no ?? "",
  input_date: (r.input_date ?? "").slice(0, 10),
  note: r.note ?? "",
  payment_type: r.payment_type === "debit" ? "debit" : "cash",
  cashbox: r.cashbox,
  paid_amount: r.paid_amount,
  discount: r.discount,
  lines: purchaseLines(r),
  batch: (r.items ?? []).some((i) => i.batch_number || i.expire_date),
});

/** Add / edit a purchase: parties, currency and rate, items scanned by barcode, payment, discount; then its printable view. */
export default function PurchaseForm() {
  const { t } = useLingui();
  const form = useDocumentForm<Values, PurchaseRecord>({
    resource: "purchase",
    listPath: LIST_PATH,
    schema: purchaseSchema,
    initialValues: initial(),
    fromRecord,
    toBody,
    editRefusal: purchaseEditRefusal,
    extraValidate: (v) => {
      const problem = cashboxProblem(v.paid_amount, v.cashbox);
      return problem ? { cashbox: problem } : {};
    },
  });
  return (
    <DocumentFormScreen
      title={form.isEdit ? t`Edit Purchase` : t`Add Purchase`}
      listPath={LIST_PATH}
      model="purchase"
      {...form}
      footer={<PurchaseTotals />}
    >
      <PurchaseFields />
    </DocumentFormScreen>
  );
}

function PurchaseTotals() {
  const { t } = useLingui();
  const { values } = useFormikContext<Values>();
  const { currencies } = useDocumentCurrency();
  const code = currencies.find((c) => c.id === values.currency)?.code ?? "";
  const totals = documentTotals(values.lines, values.discount || "0", values.paid_amount || "0");
  return (
    <Box aria-label={t`Totals`}>
      <DocumentTotals totals={totals} currency={code} />
    </Box>
  );
}

function PurchaseFields() {
  const { t } = useLingui();
  const { values, setFieldValue, errors, submitCount } = useFormikContext<Values>();
  const batchTracking = useAtomValue(batchTrackingAtom);
  const { currencies, baseCurrency, rateOf } = useDocumentCurrency();
  const branch = useFormField<RowKey | null>("branch");
  const inventory = useFormField<RowKey | null>("inventory");
  const supplier = useFormField<RowKey | null>("supplier");
  const currency = useFormField<RowKey | null>("currency");
  const branchId = typeof values.branch === "number" ? values.branch : null;
  const setLines = useCallback((lines: DocumentLine[]) => void setFieldValue("lines", lines), [setFieldValue]);
  const fieldErrors = errors as Record<string, string | undefined>;
  const shown = submitCount > 0;

  // Batch tracking is the setting's (SPEC section 3); kept in the values for the body.
  useEffect(() => {
    if (values.batch !== batchTracking && values.lines.every((l) => !l.batch_number && !l.expire_date))
      void setFieldValue("batch", batchTracking);
  }, [batchTracking, values.batch, values.lines, setFieldValue]);

  // The base currency by default.
  useEffect(() => {
    if (values.currency === null) {
      const base = baseCurrency ?? currencies[0];
      if (base) void setFieldValue("currency", base.id);
    }
  }, [values.currency, baseCurrency, currencies, setFieldValue]);

  const pickCurrency = (id: RowKey | null) => {
    currency.setValue(id);
    void setFieldValue("exchange_rate", rateOf(typeof id === "number" ? id : null));
  };

  const addItem = async (found: Parameters<typeof purchaseLineFor>[0]) => {
    const line = await purchaseLineFor(found);
    const index = values.lines.findIndex(
      (l) => l.key === line.key && (!values.batch || (l.batch_number === line.batch_number && l.expire_date === line.expire_date)),
    );
    if (index >= 0) {
      const next = [...values.lines];
      next[index] = { ...next[index], quantity: toDecimalString(add(tryMoney(next[index].quantity) ?? 0, 1), 3).replace(/\.?0+$/, "") };
      setLines(next);
    } else {
      setLines([...values.lines, values.lines.some((l) => l.key === line.key) ? { ...line, key: `${line.key}-${Date.now()}` } : line]);
    }
  };

  const net = documentTotals(values.lines, values.discount || "0", 0).net;
  const isBase = values.currency === null || baseCurrency?.id === values.currency;

  return (
    <>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4" mb="4">
        <BranchSelect
          name="branch"
          value={branch.value}
          onChange={branch.setValue}
          invalid={branch.invalid}
          errorText={branch.errorText}
          required
        />
        <InventorySelect
          name="inventory"
          branchId={branchId}
          value={inventory.value}
          autoPick
          onChange={inventory.setValue}
          invalid={inventory.invalid}
          errorText={inventory.errorText}
          required
        />
        <SupplierSelect
          name="supplier"
          value={supplier.value}
          onChange={supplier.setValue}
          invalid={supplier.invalid}
          errorText={supplier.errorText}
          required
          allowCreate
        />
        <TextField name="supplier_invoice_no" label={t`Supplier Invoice No.`} />
        <CurrencySelect
          name="currency"
          currencies={currencies}
          value={currency.value}
          onChange={pickCurrency}
          invalid={currency.invalid}
          errorText={currency.errorText}
          required
        />
        <NumberFormField name="exchange_rate" label={t`Exchange Rate`} min={0} hideStepper disabled={Boolean(isBase)} />
        <TextField name="input_date" label={t`Date`} type="date" />
        <TextField name="note" label={t`Note`} />
      </SimpleGrid>
      <Box mb="3">
        <ItemSelect
          label={t`Scan barcode`}
          branchId={branchId}
          inventoryId={typeof values.inventory === "number" ? values.inventory : null}
          onPick={(found) => void addItem(found)}
        />
      </Box>
      <DocumentLinesTable
        lines={values.lines}
        onChange={setLines}
        showBatch={values.batch}
        showExpiry={values.batch}
        batchEditable={values.batch}
        priceTitle={t`Purchase Price`}
        errors={lineErrorsOf(errors, shown)}
        extraColumn={{
          title: t`Sale Price`,
          render: (line, index) => (
            <NumberField
              aria-label={`${t`Sale Price`} ${index + 1}`}
              name={`items.${index}.sale_price`}
              minW="24"
              hideStepper
              currency
              min={0}
              textAlign="end"
              value={(line as PurchaseLine).sale_price ?? ""}
              onValueChange={(value) => setLines(values.lines.map((l, i) => (i === index ? { ...l, sale_price: value } : l)))}
              onKeyDown={(event) => {
                if (event.key === "Enter") event.preventDefault();
              }}
            />
          ),
        }}
      />
      <SimpleGrid columns={{ base: 1, md: 4 }} gap="4" mt="4" alignItems="start">
        <Box gridColumn={{ md: "span 3" }}>
          <PaymentFields
            branchId={branchId}
            currencyId={typeof values.currency === "number" ? values.currency : null}
            net={net}
            paymentType={values.payment_type}
            onPaymentTypeChange={(type) => void setFieldValue("payment_type", type)}
            cashbox={values.cashbox}
            onCashboxChange={(id) => void setFieldValue("cashbox", id)}
            paidAmount={values.paid_amount}
            onPaidAmountChange={(amount) => void setFieldValue("paid_amount", amount)}
            errors={
              shown
                ? { cashbox: fieldErrors.cashbox, paid_amount: fieldErrors.paid_amount, payment_type: fieldErrors.payment_type }
                : undefined
            }
          />
        </Box>
        <Field.Root>
          <NumberFormField name="discount" label={t`Discount`} min={0} currency hideStepper />
        </Field.Root>
      </SimpleGrid>
    </>
  );
}
