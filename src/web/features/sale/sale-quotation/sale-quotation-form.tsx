import { useCallback, useEffect, useState } from "react";
import { Alert, Card, Center, Field, Flex, Grid, SimpleGrid, Spinner, Stack, Textarea } from "@chakra-ui/react";
import { defaultCustomer, type CustomerOption } from "../../../components/selectors/general-customer";
import { useLingui } from "@lingui/react/macro";
import { useNavigate, useParams } from "react-router";
import { toIsoDate } from "../../../../core/dates";
import { MESSAGES } from "../../../../core/messages";
import { isPositive, tryMoney } from "../../../../core/money";
import { api, getErrorBody, toErrorMessage } from "../../../lib/api-client";
import { translateMessage } from "../../../lib/messages";
import { showSuccess } from "../../../lib/toast";
import { useCurrentUser } from "../../../lib/use-permission";
import { formArgs, runCommand, sendCommand } from "../../../offline/commands";
import type { RowKey } from "../../../offline/sync-tables";
import { CardTitle } from "../../../components/card-title";
import { NumberField } from "../../../components/number-field";
import { SaveButton } from "../../../components/save-button";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { CustomerSelect } from "../../../components/selectors/customer-select";
import { EntitySelect } from "../../../components/selectors/entity-select";
import { InventorySelect } from "../../../components/selectors/inventory-select";
import { useReferenceOptions } from "../../../components/selectors/use-reference-options";
import { documentTotals, type DocumentLine } from "../../../components/document/document-lines";
import { DocumentLinesTable } from "../../../components/document/document-lines-table";
import { linesFromRecord, recordItems, type RecordLine } from "../../../components/document/document-record";
import { DocumentTotals } from "../../../components/document/document-totals";
import { StockScanField } from "../../../components/document/stock-scan-field";
import { useDocumentCurrency } from "../../../components/document/use-document-currency";
import { LabelledDateInput } from "../../../components/form/labelled-date-input";
import { parseDateInput } from "../../../../core/date-input";
import { defaultInventory, defaultInventoryBranch } from "../../../../core/default-inventory";
import { useCreateOutcome } from "../../../components/form/use-create-outcome";

const LIST_PATH = "/sale/sale-quotation";

export interface QuotationRecord {
  id: number;
  branch: number;
  invoice_no: number;
  customer: number;
  customer_name: string;
  inventory: number;
  inventory_name?: string;
  currency: number;
  currency_code: string;
  exchange_rate: string;
  total_price: string;
  discount: string;
  net_price: string;
  input_date: string;
  note: string;
  converted_sale_id: number | null;
  converted_sale_invoice_no?: number | null;
  /** The sale it was converted into was deleted since: it stays converted, with no sale to open. */
  converted_sale_deleted?: boolean;
  items?: RecordLine[];
  lines?: RecordLine[];
}

type Errors = Record<string, string | undefined>;

export default function SaleQuotationForm() {
  const { t } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { currencies, baseCurrency: base, rateOf } = useDocumentCurrency();
  const customers = useReferenceOptions<CustomerOption & { name: string }>("customer/");
  const firstBranch = user?.default_branch_id ?? defaultInventoryBranch(user) ?? user?.branches[0]?.id ?? null;
  const [branch, setBranch] = useState<number | null>(firstBranch);
  const [inventory, setInventoryValue] = useState<number | null>(defaultInventory(user, firstBranch));
  const [customer, setCustomer] = useState<RowKey | null>(null);
  const [currency, setCurrencyValue] = useState<number | null>(null);
  const [rate, setRate] = useState("1");
  const [discount, setDiscount] = useState("0");
  const [date, setDate] = useState(toIsoDate(new Date()));
  const [note, setNote] = useState("");
  const [lines, setLines] = useState<DocumentLine[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const followCreate = useCreateOutcome({ listPath: LIST_PATH });
  const [loading, setLoading] = useState(Boolean(id));
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    api
      .get(`sale-quotation/${id}/`, { context: { silent: true } })
      .json<QuotationRecord>()
      .then((q) => {
        if (q.converted_sale_id) setRefusal(t`This quotation was converted into a sale and cannot be changed.`);
        setBranch(q.branch);
        setInventoryValue(q.inventory);
        setCustomer(q.customer);
        setCurrencyValue(q.currency);
        setRate(q.exchange_rate);
        setDiscount(q.discount);
        setDate((q.input_date ?? "").slice(0, 10));
        setNote(q.note ?? "");
        setLines(linesFromRecord(recordItems(q)));
      })
      .catch((e: unknown) => setRefusal(toErrorMessage(e) ?? t`The record could not be loaded.`))
      .finally(() => setLoading(false));
  }, [id, t]);

  // The general customer of the quotation's branch by default (and when the branch changes).
  const startCustomer = id ? customer : defaultCustomer(customers.items, branch, customer);
  useEffect(() => {
    if (startCustomer !== customer) setCustomer(startCustomer);
  }, [startCustomer, customer]);
  useEffect(() => {
    if (id || currency !== null) return;
    const c = base ?? currencies.find((x) => x.code === "IQD") ?? currencies[0];
    if (c) {
      setCurrencyValue(c.id);
      setRate(rateOf(c.id) || "1");
    }
  }, [id, currency, base, currencies, rateOf]);

  const onBranch = useCallback((v: RowKey | null) => setBranch(typeof v === "number" ? v : null), []);
  const onInventory = useCallback((v: RowKey | null) => {
    const next = typeof v === "number" ? v : null;
    setInventoryValue((prev) => {
      if (prev !== next) setLines([]);
      return next;
    });
  }, []);
  const onCustomer = useCallback((v: RowKey | null) => setCustomer(v), []);

  const totals = documentTotals(lines, discount, 0);
  const code = currencies.find((c) => c.id === currency)?.code ?? "";

  const save = async () => {
    const e: Errors = {};
    if (!inventory) e.inventory = MESSAGES.selectInventory;
    if (customer === null) e.customer = MESSAGES.selectCustomer;
    if (!currency) e.currency = MESSAGES.required;
    if (!tryMoney(rate) || !isPositive(rate)) e.exchange_rate = MESSAGES.enterExchangeRate;
    if (lines.length === 0) e.items = MESSAGES.required;
    if (parseDateInput(date).kind === "invalid") e.input_date = MESSAGES.date;
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    const body = {
      branch,
      inventory,
      customer,
      currency,
      exchange_rate: rate,
      discount: discount || "0",
      input_date: date || null,
      note: note.trim(),
      items: lines.map((l) =>
        l.stock === null ? { item: l.item, quantity: "1", price: l.price } : { stock: l.stock, quantity: l.quantity, price: l.price },
      ),
    };
    setSaving(true);
    try {
      if (id) {
        await sendCommand("sale-quotation-edit", formArgs("sale-quotation-edit", { id, body }));
        showSuccess(t`Updated successfully`);
        navigate(`${LIST_PATH}/${id}/view`);
        return;
      }
      followCreate(await runCommand("sale-quotation-create", formArgs("sale-quotation-create", body)));
    } catch (err) {
      const body = getErrorBody(err);
      if (body && typeof body === "object")
        setErrors(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)])));
    } finally {
      setSaving(false);
    }
  };

  const err = (k: string) => (errors[k] ? translateMessage(errors[k]) : undefined);
  return (
    <Card.Root>
      <Card.Body p={{ base: "3", md: "5" }}>
        <CardTitle title={id ? t`Edit Sale Quotation` : t`Add Sale Quotation`} back={LIST_PATH} close={LIST_PATH} />
        {loading ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : refusal ? (
          <Alert.Root status="warning" data-testid="edit-refused">
            <Alert.Indicator />
            <Alert.Title>{refusal}</Alert.Title>
          </Alert.Root>
        ) : (
          <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 1fr) 320px" }} gap="5">
            <Stack gap="4" minW="0">
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
                <BranchSelect name="branch" value={branch} onChange={onBranch} required disabled={Boolean(id)} />
                <InventorySelect
                  name="inventory"
                  branchId={branch}
                  value={inventory}
                  onChange={onInventory}
                  autoPick
                  required
                  invalid={Boolean(err("inventory"))}
                  errorText={err("inventory")}
                />
                <CustomerSelect
                  name="customer"
                  branch={branch}
                  value={customer}
                  onChange={onCustomer}
                  allowCreate
                  required
                  invalid={Boolean(err("customer"))}
                  errorText={err("customer")}
                />
                <EntitySelect
                  label={t`Currency`}
                  name="currency"
                  required
                  items={currencies.map((c) => ({ ...c, name: c.code }))}
                  value={currency}
                  onChange={(v) => {
                    const next = typeof v === "number" ? v : null;
                    setCurrencyValue(next);
                    setRate(rateOf(next));
                  }}
                  invalid={Boolean(err("currency"))}
                  errorText={err("currency")}
                />
                <Field.Root invalid={Boolean(err("exchange_rate"))} required ids={{ control: "exchange_rate" }}>
                  <Field.Label>{t`Exchange Rate`}</Field.Label>
                  <NumberField name="exchange_rate" value={rate} onValueChange={setRate} min={0} hideStepper />
                  <Field.ErrorText>{err("exchange_rate")}</Field.ErrorText>
                </Field.Root>
                <LabelledDateInput name="input_date" label={t`Date`} value={date} onValueChange={setDate} errorText={err("input_date")} />
              </SimpleGrid>
              <StockScanField autoFocus selling inventoryId={inventory} branchId={branch} lines={lines} onLinesChange={setLines} />
              {err("items") ? (
                <Field.Root invalid>
                  <Field.ErrorText>{err("items")}</Field.ErrorText>
                </Field.Root>
              ) : null}
              <DocumentLinesTable lines={lines} onChange={setLines} />
            </Stack>
            <Stack gap="4">
              <DocumentTotals totals={totals} currency={code} hidePayment />
              <Field.Root ids={{ control: "discount" }}>
                <Field.Label>{t`Discount`}</Field.Label>
                <NumberField name="discount" value={discount} onValueChange={setDiscount} min={0} currency hideStepper />
              </Field.Root>
              <Field.Root ids={{ control: "note" }}>
                <Field.Label>{t`Note`}</Field.Label>
                <Textarea name="note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
              </Field.Root>
              <Flex justify="end">
                <SaveButton
                  permissions={[id ? "change_salequotation" : "add_salequotation"]}
                  type="button"
                  size="lg"
                  loading={saving}
                  onClick={() => void save()}
                />
              </Flex>
            </Stack>
          </Grid>
        )}
      </Card.Body>
    </Card.Root>
  );
}
