import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Alert, Box, Button, Card, Center, Field, Flex, Grid, SimpleGrid, Spinner, Stack, Text, Textarea } from "@chakra-ui/react";
import { useFormik } from "formik";
import { Trans, useLingui } from "@lingui/react/macro";
import { useParams } from "react-router";
import { toIsoDate } from "../../../../core/dates";
import { max, sub, toDecimalString } from "../../../../core/money";
import { api, getErrorBody, toErrorMessage } from "../../../lib/api-client";
import { translateMessage } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/use-permission";
import { useCommandGate } from "../../../offline/network-gate";
import { defaultCustomer, type CustomerOption } from "../../../components/selectors/general-customer";
import type { RowKey } from "../../../offline/sync-tables";
import { CardTitle } from "../../../components/card-title";
import { handleEnterToNext } from "../../../components/form/enter-navigation";
import { NumberField } from "../../../components/number-field";
import { SaveButton } from "../../../components/save-button";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { CustomerSelect } from "../../../components/selectors/customer-select";
import { CustomerCreditNotice } from "../../../components/customer-balance/customer-credit-notice";
import { EntitySelect } from "../../../components/selectors/entity-select";
import { InventorySelect } from "../../../components/selectors/inventory-select";
import { useReferenceOptions } from "../../../components/selectors/use-reference-options";
import { documentTotals } from "../../../components/document/document-lines";
import type { DocumentLine } from "../../../components/document/document-lines";
import { DocumentLinesTable } from "../../../components/document/document-lines-table";
import { linesFromRecord, recordItems } from "../../../components/document/document-record";
import { heldStock, linesWithHeld } from "../../../components/document/held-stock";
import { cachedStockQuantities } from "../../../components/document/stock-scan-lookup";
import { DocumentTotals } from "../../../components/document/document-totals";
import { useDocumentCurrency } from "../../../components/document/use-document-currency";
import { PaymentFields } from "../../../components/document/payment-fields";
import { StockScanField, type StockScanFieldHandle } from "../../../components/document/stock-scan-field";
import { InstallmentFields, type InstallmentValues } from "./installment-fields";
import { checkSale, emptySale, saleBody, serverErrors, type SaleErrors, type SaleValues } from "./sale-form-rules";
import { saleLockReason, type SaleRecord } from "../../../components/sale/sale-record";
import { LabelledDateInput } from "../../../components/form/labelled-date-input";
import { useDocumentSubmit } from "../../../components/form/use-document-submit";
import { defaultInventory, defaultInventoryBranch } from "../../../../core/default-inventory";

const LIST_PATH = "/sale/sale";
const pendingSalePath = (entryId: number) => `${LIST_PATH}/pending-${entryId}/view`;

/** The sale's own lines (extra material stays as it is on the server). */
const ownLines = (r: SaleRecord) => linesFromRecord(recordItems(r).filter((l) => !l.is_extra));

/** The form values of a loaded sale; each line shows what its row can still give (cached + held). */
function fromRecord(r: SaleRecord, cached: ReadonlyMap<number, unknown>): SaleValues {
  return {
    branch: r.branch,
    inventory: r.inventory,
    customer: r.customer,
    currency: r.currency,
    exchange_rate: r.exchange_rate ?? "1",
    payment_type: r.payment_type === "debit" ? "debit" : "cash",
    cashbox: r.cashbox,
    paid_amount: r.paid_amount ?? "0",
    discount: r.discount ?? "0",
    input_date: (r.input_date ?? "").slice(0, 10),
    note: r.note ?? "",
    items: linesWithHeld(ownLines(r), cached),
    is_premium: Boolean(r.is_premium),
    months_count: String(r.months_count ?? 1),
    premium_receipt_amount: r.premium_receipt_amount ?? "",
    receipt_frequency: r.receipt_frequency ?? "monthly",
    next_receipt_date: r.next_receipt_date ?? "",
    guarantor_name: r.guarantor_name ?? "",
    guarantor_phone: r.guarantor_phone ?? "",
    guarantor_address: r.guarantor_address ?? "",
    updated_at: r.updated_at,
  };
}

export default function SaleForm() {
  const { t } = useLingui();
  const { id } = useParams();
  const isEdit = Boolean(id);
  const [record, setRecord] = useState<SaleRecord | null>(null);
  const [cached, setCached] = useState<ReadonlyMap<number, unknown>>(new Map());
  const [loading, setLoading] = useState(isEdit);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    api
      .get(`sale/${id}/`, { context: { silent: true } })
      .json<SaleRecord>()
      .then(async (r) => {
        const quantities = await cachedStockQuantities(ownLines(r).flatMap((l) => (l.stock === null ? [] : [l.stock])));
        if (cancelled) return;
        setCached(quantities);
        setRecord(r);
      })
      .catch((e: unknown) => !cancelled && setLoadError(toErrorMessage(e) ?? t`The record could not be loaded.`))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [id, t]);

  const lock = record ? saleLockReason(record) : null;
  return (
    <Card.Root>
      <Card.Body p={{ base: "3", md: "5" }}>
        <CardTitle title={isEdit ? t`Edit Sale` : t`Add Sale`} back={LIST_PATH} close={LIST_PATH} />
        {loading ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : loadError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{loadError}</Alert.Title>
          </Alert.Root>
        ) : lock ? (
          <Alert.Root status="warning" data-testid="edit-refused">
            <Alert.Indicator />
            <Alert.Title>
              {lock === "paid"
                ? translateMessage("A paid invoice cannot be updated, added to or deleted")
                : translateMessage("Record is linked to returns, receipts or payments and cannot be changed")}
            </Alert.Title>
          </Alert.Root>
        ) : (
          <SaleFormBody record={record} cached={cached} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function SaleFormBody({ record, cached }: { record: SaleRecord | null; cached: ReadonlyMap<number, unknown> }) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const editGate = useCommandGate("sale-edit");
  const { currencies, baseCurrency: base, rateOf } = useDocumentCurrency();
  const customers = useReferenceOptions<CustomerOption & { name: string }>("customer/");
  const scanRef = useRef<StockScanFieldHandle>(null);
  const [serverErr, setServerErr] = useState<SaleErrors>({});
  const isEdit = record !== null;
  // What the edited sale took: its rows can give that back to the edit.
  const held = useMemo(() => (record ? heldStock(ownLines(record)) : undefined), [record]);

  const initial = useMemo<SaleValues>(() => {
    if (record) return fromRecord(record, cached);
    const v = emptySale(toIsoDate(new Date()));
    const branch = user?.default_branch_id ?? defaultInventoryBranch(user) ?? (user?.branches.length === 1 ? user.branches[0].id : null);
    v.branch = branch;
    v.inventory = defaultInventory(user, branch);
    return v;
    // Initial values are computed once per record.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  const submitSale = useDocumentSubmit({ resource: "sale", listPath: LIST_PATH, queuedPath: pendingSalePath });
  const formik = useFormik<SaleValues>({
    initialValues: initial,
    enableReinitialize: true,
    validateOnChange: false,
    validateOnBlur: false,
    validate: (v) => checkSale(v, { checkStock: true }),
    onSubmit: async (values) => {
      setServerErr({});
      await submitSale(record?.id ?? null, saleBody(values), {
        editFailed: (error) => setServerErr(serverErrors(getErrorBody(error))),
        createRefused: (refused) => setServerErr(serverErrors(refused)),
      });
    },
  });
  const { values, setFieldValue } = formik;
  const submitted = formik.submitCount > 0;
  // One object while nothing changes, so the memoised lines table skips the renders a scan causes
  // elsewhere (the paid amount following the net).
  const errors = useMemo<SaleErrors>(() => {
    const shown = submitted ? (formik.errors as SaleErrors) : {};
    return { ...shown, ...serverErr, lines: { ...shown.lines, ...serverErr.lines } };
  }, [submitted, formik.errors, serverErr]);
  const err = (field: keyof SaleValues) => (errors[field] ? translateMessage(String(errors[field])) : undefined);

  // The general customer of the sale's branch by default (and when the branch changes).
  const startCustomer = isEdit ? values.customer : defaultCustomer(customers.items, values.branch, values.customer);
  useEffect(() => {
    if (startCustomer !== values.customer) void setFieldValue("customer", startCustomer);
  }, [startCustomer, values.customer, setFieldValue]);
  // The base currency by default, with its rate.
  useEffect(() => {
    if (isEdit || values.currency !== null) return;
    const currency = base ?? currencies.find((c) => c.code === "IQD") ?? currencies[0];
    if (currency) {
      void setFieldValue("currency", currency.id);
      void setFieldValue("exchange_rate", rateOf(currency.id) || "1");
    }
  }, [isEdit, values.currency, base, currencies, rateOf, setFieldValue]);

  const setBranch = useCallback((v: RowKey | null) => void setFieldValue("branch", typeof v === "number" ? v : null), [setFieldValue]);
  const setInventory = useCallback(
    (v: RowKey | null) => {
      const next = typeof v === "number" ? v : null;
      // Changing inventory clears the lines (SPEC section 4).
      if (next !== formik.values.inventory) void setFieldValue("items", []);
      void setFieldValue("inventory", next);
    },
    [setFieldValue, formik.values.inventory],
  );
  const setCustomer = useCallback((v: RowKey | null) => void setFieldValue("customer", v), [setFieldValue]);
  const setCurrency = useCallback(
    (v: RowKey | null) => {
      const next = typeof v === "number" ? v : null;
      void setFieldValue("currency", next);
      void setFieldValue("exchange_rate", rateOf(next));
    },
    [setFieldValue, rateOf],
  );
  const setRate = useCallback((v: string) => void setFieldValue("exchange_rate", v), [setFieldValue]);
  const setDate = useCallback((v: string) => void setFieldValue("input_date", v), [setFieldValue]);
  const setItems = useCallback((lines: DocumentLine[]) => void setFieldValue("items", lines), [setFieldValue]);
  const setPaymentType = useCallback((v: "cash" | "debit") => void setFieldValue("payment_type", v), [setFieldValue]);
  const setCashbox = useCallback((v: number | null) => void setFieldValue("cashbox", v), [setFieldValue]);
  const setPaid = useCallback((v: string) => void setFieldValue("paid_amount", v), [setFieldValue]);
  const setInstallment = (field: keyof InstallmentValues, value: string | boolean) => void setFieldValue(field, value);

  const totals = documentTotals(values.items, values.discount, values.paid_amount);
  const currencyCode = currencies.find((c) => c.id === values.currency)?.code ?? "";
  const isBase = values.currency !== null && (base?.id === values.currency || currencyCode === "IQD");
  const editBlocked = isEdit && editGate.blocked;

  // The header does not change on a scan: kept as one element so a scan re-renders only the lines
  // and the totals (the selects are the costliest part of the form to render).
  const currencyItems = useMemo(() => currencies.map((c) => ({ ...c, name: c.code })), [currencies]);
  const [branchErr, inventoryErr, customerErr, currencyErr, rateErr, dateErr] = [
    err("branch"),
    err("inventory"),
    err("customer"),
    err("currency"),
    err("exchange_rate"),
    err("input_date"),
  ];
  const headerFields = useMemo(
    () => (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
        <BranchSelect
          name="branch"
          value={values.branch}
          onChange={setBranch}
          invalid={Boolean(branchErr)}
          errorText={branchErr}
          required
          disabled={isEdit}
        />
        <InventorySelect
          name="inventory"
          branchId={values.branch}
          value={values.inventory}
          onChange={setInventory}
          autoPick
          required
          invalid={Boolean(inventoryErr)}
          errorText={inventoryErr}
        />
        <CustomerSelect
          name="customer"
          branch={values.branch}
          value={values.customer}
          onChange={setCustomer}
          allowCreate
          required
          invalid={Boolean(customerErr)}
          errorText={customerErr}
        />
        <EntitySelect
          label={t`Currency`}
          name="currency"
          required
          items={currencyItems}
          value={values.currency}
          onChange={setCurrency}
          invalid={Boolean(currencyErr)}
          errorText={currencyErr}
        />
        <Field.Root invalid={Boolean(rateErr)} required ids={{ control: "exchange_rate" }}>
          <Field.Label>
            {t`Exchange Rate`}
            <Field.RequiredIndicator />
          </Field.Label>
          <NumberField name="exchange_rate" value={values.exchange_rate} onValueChange={setRate} min={0} hideStepper disabled={isBase} />
          <Field.ErrorText>{rateErr}</Field.ErrorText>
        </Field.Root>
        <LabelledDateInput name="input_date" label={t`Date`} value={values.input_date} onValueChange={setDate} errorText={dateErr} />
      </SimpleGrid>
    ),
    [
      values.branch,
      values.inventory,
      values.customer,
      values.currency,
      values.exchange_rate,
      values.input_date,
      isEdit,
      isBase,
      currencyItems,
      setBranch,
      setInventory,
      setCustomer,
      setCurrency,
      setRate,
      setDate,
      t,
      branchErr,
      inventoryErr,
      customerErr,
      currencyErr,
      rateErr,
      dateErr,
    ],
  );

  // Neither changes on a scan either.
  const discountErr = err("discount");
  const setDiscount = useCallback((v: string) => void setFieldValue("discount", v), [setFieldValue]);
  const discountField = useMemo(
    () => (
      <Field.Root invalid={Boolean(discountErr)} ids={{ control: "discount" }}>
        <Field.Label>{t`Discount`}</Field.Label>
        <NumberField name="discount" value={values.discount} onValueChange={setDiscount} min={0} currency hideStepper />
        <Field.ErrorText>{discountErr}</Field.ErrorText>
      </Field.Root>
    ),
    [values.discount, setDiscount, discountErr, t],
  );
  const setNote = useCallback((v: string) => void setFieldValue("note", v), [setFieldValue]);
  const submitting = formik.isSubmitting;
  const noteAndActions = useMemo(
    () => (
      <>
        <Field.Root ids={{ control: "note" }}>
          <Field.Label>{t`Note`}</Field.Label>
          <Textarea name="note" rows={2} value={values.note} onChange={(e) => setNote(e.target.value)} />
        </Field.Root>
        <Flex justify="end" align="center" gap="3" wrap="wrap">
          {editBlocked ? (
            <Text fontSize="sm" color="fg.warning">
              {editGate.reason}
            </Text>
          ) : null}
          <Button variant="outline" size="lg" onClick={() => scanRef.current?.focus()}>
            <Trans>Back to scan</Trans>
          </Button>
          <SaveButton permissions={[isEdit ? "change_sale" : "add_sale"]} loading={submitting} disabled={editBlocked} size="lg" />
        </Flex>
      </>
    ),
    [values.note, setNote, editBlocked, editGate.reason, isEdit, submitting, t],
  );

  return (
    <form noValidate onSubmit={formik.handleSubmit} onKeyDown={handleEnterToNext} data-testid="sale-form">
      <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 1fr) 340px" }} gap="5">
        <Stack gap="4" minW="0">
          {headerFields}
          <StockScanField
            ref={scanRef}
            autoFocus
            inventoryId={values.inventory}
            branchId={values.branch}
            lines={values.items}
            onLinesChange={setItems}
            checkStock
            selling
            held={held}
          />
          {err("items") && values.items.length === 0 ? (
            <Text color="fg.error" fontSize="sm" role="alert">
              <Trans>Add at least one item</Trans>
            </Text>
          ) : null}
          <DocumentLinesTable lines={values.items} onChange={setItems} showFee showDiscount checkStock errors={errors.lines} />
          <InstallmentFields values={values} onChange={setInstallment} net={totals.net} paid={values.paid_amount} errors={errors} />
        </Stack>
        <Stack gap="4">
          <DocumentTotals totals={totals} currency={currencyCode} />
          <CustomerCreditNotice
            customer={values.customer}
            owed={addedOwed(totals.remaining, record, values.customer)}
            rate={values.exchange_rate || "1"}
            baseCode={base?.code ?? ""}
          />
          {discountField}
          <Box>
            <PaymentFields
              branchId={values.branch}
              currencyId={values.currency}
              net={totals.net}
              paymentType={values.payment_type}
              onPaymentTypeChange={setPaymentType}
              cashbox={values.cashbox}
              onCashboxChange={setCashbox}
              paidAmount={values.paid_amount}
              onPaidAmountChange={setPaid}
              errors={{ cashbox: errors.cashbox, paid_amount: errors.paid_amount }}
              stacked
              typeFollowsPaid
            />
          </Box>
          {noteAndActions}
        </Stack>
      </Grid>
    </form>
  );
}

/** What the form adds to the customer's balance: an edit counts only what it leaves unpaid beyond the saved sale. */
function addedOwed(remaining: string, record: SaleRecord | null, customer: RowKey | null): string {
  if (!record || record.customer !== customer) return remaining;
  return toDecimalString(max(sub(remaining, record.remaining || "0"), 0));
}
