import type { ReactNode } from "react";
import { Box, Button, Flex, IconButton, SimpleGrid, Text } from "@chakra-ui/react";
import { useFormikContext } from "formik";
import { useAtomValue } from "jotai";
import { useLingui } from "@lingui/react/macro";
import { LuPlus, LuTrash2 } from "react-icons/lu";
import { toIsoDate } from "../../../../core/dates";
import { openingBalanceSchema } from "../../../../core/validation/opening-balance-schema";
import { DocumentFormScreen } from "../../../components/form/document-form-screen";
import { DateField, NumberFormField, TextField, useFieldError, useFormField } from "../../../components/form/form-fields";
import { useDocumentForm } from "../../../components/form/use-document-form";
import { useBoundSelector } from "../../../components/hr/bound-selector";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { CashboxSelect } from "../../../components/selectors/cashbox-select";
import { CurrencySelect, useCurrencies } from "../../../components/selectors/currency-select";
import { CustomerSelect } from "../../../components/selectors/customer-select";
import { InventorySelect } from "../../../components/selectors/inventory-select";
import { ItemSelect, type ItemSearchResult } from "../../../components/selectors/item-select";
import { SupplierSelect } from "../../../components/selectors/supplier-select";
import { batchTrackingAtom } from "../../../lib/app-state";
import { translateMessage } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/use-permission";
import type { RowKey } from "../../../offline/sync-tables";
import { OPENING_BALANCE_PATH, type OpeningBalanceRecord } from "./opening-balance-record";

interface PartyLine {
  party: RowKey | null;
  currency: RowKey | null;
  amount: string;
}

interface StockLine {
  inventory: RowKey | null;
  item: number;
  item_name: string;
  batch_number: string;
  expire_date: string | null;
  quantity: string;
  cost: string;
}

interface Values {
  branch: RowKey | null;
  input_date: string;
  note: string;
  cashboxes: { cashbox: RowKey | null; amount: string }[];
  customers: PartyLine[];
  suppliers: PartyLine[];
  stock: StockLine[];
  /** Where a scanned item goes (each line keeps its own inventory). */
  scan_inventory: RowKey | null;
}

type Section = "cashboxes" | "customers" | "suppliers" | "stock";

const fromRecord = (r: OpeningBalanceRecord): Values => ({
  branch: r.branch,
  input_date: (r.input_date ?? "").slice(0, 10),
  note: r.note ?? "",
  cashboxes: r.cashboxes.map((l) => ({ cashbox: l.cashbox, amount: l.amount })),
  customers: r.customers.map((l) => ({ party: l.customer, currency: l.currency, amount: l.amount })),
  suppliers: r.suppliers.map((l) => ({ party: l.supplier, currency: l.currency, amount: l.amount })),
  stock: r.stock.map((l) => ({
    inventory: l.inventory,
    item: l.item,
    item_name: l.item_name,
    batch_number: l.batch_number,
    expire_date: l.expire_date,
    quantity: l.quantity,
    cost: l.cost,
  })),
  scan_inventory: r.stock[0]?.inventory ?? null,
});

const toBody = (v: Values) => ({
  branch: v.branch,
  input_date: v.input_date || null,
  note: v.note.trim() || null,
  cashboxes: v.cashboxes.map((l) => ({ cashbox: l.cashbox, amount: l.amount })),
  customers: v.customers.map((l) => ({ customer: l.party, currency: l.currency, amount: l.amount })),
  suppliers: v.suppliers.map((l) => ({ supplier: l.party, currency: l.currency, amount: l.amount })),
  stock: v.stock.map((l) => ({
    inventory: l.inventory,
    item: l.item,
    batch_number: l.batch_number.trim() || null,
    expire_date: l.expire_date || null,
    quantity: l.quantity,
    cost: l.cost,
  })),
});

/**
 * A branch's opening balance: its branch and date, then the cash each cashbox holds, what each customer
 * owes and each supplier is owed (per currency), and the stock it holds at cost. One per branch; the
 * server refuses a second and checks every line again.
 */
export default function OpeningBalanceForm() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const form = useDocumentForm<Values, OpeningBalanceRecord>({
    resource: "opening-balance",
    listPath: OPENING_BALANCE_PATH,
    schema: openingBalanceSchema,
    initialValues: {
      branch: user?.default_branch_id ?? null,
      input_date: toIsoDate(new Date()),
      note: "",
      cashboxes: [],
      customers: [],
      suppliers: [],
      stock: [],
      scan_inventory: null,
    },
    fromRecord,
    toBody,
  });
  return (
    <DocumentFormScreen
      title={form.isEdit ? t`Edit Opening Balance` : t`Add Opening Balance`}
      listPath={OPENING_BALANCE_PATH}
      model="openingbalance"
      {...form}
    >
      <HeaderFields />
      <CashboxLines />
      <PartyLines section="customers" />
      <PartyLines section="suppliers" />
      <StockLines />
    </DocumentFormScreen>
  );
}

/** A line's field error: the schema's (nested) or the server's (`stock[2].item`). */
function useLineError(section: Section, index: number, field: string): string | undefined {
  const own = useFieldError(`${section}.${index}.${field}`);
  const { errors } = useFormikContext<Values>();
  const flat = (errors as Record<string, unknown>)[`${section}[${index}].${field}`];
  return own ?? (typeof flat === "string" ? translateMessage(flat) : undefined);
}

function useLineSelector(section: Section, index: number, field: string) {
  const bound = useFormField<RowKey | null>(`${section}.${index}.${field}`);
  const errorText = useLineError(section, index, field);
  return { value: bound.value, onChange: bound.setValue, invalid: Boolean(errorText), errorText };
}

/** Branch, date and note; another branch has other cashboxes, parties and inventories, so it clears the lines. */
function HeaderFields() {
  const { t } = useLingui();
  const { setFieldValue } = useFormikContext<Values>();
  const branch = useBoundSelector("branch");
  const onChange = (value: RowKey | null) => {
    if (value !== branch.value) {
      for (const key of ["cashboxes", "customers", "suppliers", "stock"] as const) void setFieldValue(key, []);
      void setFieldValue("scan_inventory", null);
    }
    branch.onChange(value);
  };
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb="4">
      <BranchSelect {...branch} onChange={onChange} required />
      <DateField name="input_date" label={t`Date`} required />
      <TextField name="note" label={t`Note`} />
    </SimpleGrid>
  );
}

/** A titled block of lines with its add button. */
function LinesBlock({
  title,
  testId,
  onAdd,
  addLabel,
  children,
}: {
  title: string;
  testId: string;
  onAdd?: () => void;
  addLabel: string;
  children: ReactNode;
}) {
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" mb="4" data-testid={testId}>
      <Flex justify="space-between" align="center" mb="2" gap="2" wrap="wrap">
        <Text fontWeight="semibold">{title}</Text>
        {onAdd ? (
          <Button size="sm" variant="outline" onClick={onAdd}>
            <LuPlus />
            {addLabel}
          </Button>
        ) : null}
      </Flex>
      {children}
    </Box>
  );
}

function RemoveLine({ section, index }: { section: Section; index: number }) {
  const { t } = useLingui();
  const { values, setFieldValue } = useFormikContext<Values>();
  return (
    <IconButton
      size="sm"
      variant="ghost"
      alignSelf="end"
      aria-label={t`Remove`}
      onClick={() =>
        void setFieldValue(
          section,
          (values[section] as unknown[]).filter((_, i) => i !== index),
        )
      }
    >
      <LuTrash2 />
    </IconButton>
  );
}

const branchIdOf = (branch: RowKey | null) => (typeof branch === "number" ? branch : null);

function CashboxLines() {
  const { t } = useLingui();
  const { values, setFieldValue } = useFormikContext<Values>();
  return (
    <LinesBlock
      title={t`Cashboxes`}
      testId="opening-cashboxes"
      addLabel={t`Add cashbox`}
      onAdd={() => void setFieldValue("cashboxes", [...values.cashboxes, { cashbox: null, amount: "" }])}
    >
      {values.cashboxes.map((_, index) => (
        <CashboxLine key={index} index={index} branch={branchIdOf(values.branch)} />
      ))}
    </LinesBlock>
  );
}

function CashboxLine({ index, branch }: { index: number; branch: number | null }) {
  const { t } = useLingui();
  const cashbox = useLineSelector("cashboxes", index, "cashbox");
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" mb="2" templateColumns={{ md: "2fr 1fr auto" }}>
      <CashboxSelect {...cashbox} name={`cashboxes.${index}.cashbox`} branchId={branch} required />
      <NumberFormField name={`cashboxes.${index}.amount`} label={t`Amount`} required min={0} currency hideStepper />
      <RemoveLine section="cashboxes" index={index} />
    </SimpleGrid>
  );
}

function PartyLines({ section }: { section: "customers" | "suppliers" }) {
  const { t } = useLingui();
  const currencies = useCurrencies();
  const { values, setFieldValue } = useFormikContext<Values>();
  const customers = section === "customers";
  return (
    <LinesBlock
      title={customers ? t`Customers` : t`Suppliers`}
      testId={`opening-${section}`}
      addLabel={customers ? t`Add customer` : t`Add supplier`}
      onAdd={() => void setFieldValue(section, [...values[section], { party: null, currency: currencies[0]?.id ?? null, amount: "" }])}
    >
      {values[section].map((_, index) => (
        <PartyLine key={index} section={section} index={index} branch={branchIdOf(values.branch)} />
      ))}
    </LinesBlock>
  );
}

function PartyLine({ section, index, branch }: { section: "customers" | "suppliers"; index: number; branch: number | null }) {
  const { t } = useLingui();
  const bodyField = section === "customers" ? "customer" : "supplier";
  const party = useFormField<RowKey | null>(`${section}.${index}.party`);
  const partyError = useLineError(section, index, bodyField);
  const currency = useLineSelector(section, index, "currency");
  const partyProps = {
    name: `${section}.${index}.party`,
    value: party.value,
    onChange: party.setValue,
    invalid: Boolean(partyError ?? party.errorText),
    errorText: partyError ?? party.errorText,
    required: true,
  };
  return (
    <SimpleGrid columns={{ base: 1, md: 4 }} gap="3" mb="2" templateColumns={{ md: "2fr 1fr 1fr auto" }}>
      {section === "customers" ? (
        <CustomerSelect {...partyProps} branch={branch} />
      ) : (
        <SupplierSelect {...partyProps} branches={branch === null ? undefined : [branch]} />
      )}
      <CurrencySelect {...currency} name={`${section}.${index}.currency`} required />
      <NumberFormField name={`${section}.${index}.amount`} label={t`Amount`} required min={0} currency hideStepper />
      <RemoveLine section={section} index={index} />
    </SimpleGrid>
  );
}

/** Stock: pick the inventory, scan or search items into it; each line has its batch, expiry, quantity and unit cost. */
function StockLines() {
  const { t } = useLingui();
  const { values, setFieldValue } = useFormikContext<Values>();
  const scanInventory = useBoundSelector("scan_inventory");
  const branch = branchIdOf(values.branch);
  const onPick = (item: ItemSearchResult) =>
    void setFieldValue("stock", [
      ...values.stock,
      { inventory: scanInventory.value, item: item.id, item_name: item.name, batch_number: "", expire_date: null, quantity: "1", cost: "" },
    ]);
  return (
    <LinesBlock title={t`Stock`} testId="opening-stock" addLabel="">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" mb="3">
        <InventorySelect {...scanInventory} branchId={branch} autoPick />
        <ItemSelect onPick={onPick} branchId={branch} label={t`Scan or search an item`} />
      </SimpleGrid>
      {values.stock.map((line, index) => (
        <StockLineRow key={index} index={index} line={line} branch={branch} />
      ))}
    </LinesBlock>
  );
}

function StockLineRow({ index, line, branch }: { index: number; line: StockLine; branch: number | null }) {
  const { t } = useLingui();
  const batches = useAtomValue(batchTrackingAtom);
  const inventory = useLineSelector("stock", index, "inventory");
  const itemError = useLineError("stock", index, "item");
  return (
    <Box borderTopWidth={index === 0 ? 0 : "1px"} pt={index === 0 ? 0 : "2"} mb="2" data-testid="opening-stock-line">
      <SimpleGrid columns={{ base: 1, md: batches ? 7 : 5 }} gap="3" alignItems="end">
        <Box>
          <Text fontSize="sm" fontWeight="medium">
            {line.item_name}
          </Text>
          {itemError ? (
            <Text fontSize="sm" color="fg.error">
              {itemError}
            </Text>
          ) : null}
        </Box>
        <InventorySelect {...inventory} name={`stock.${index}.inventory`} branchId={branch} required />
        {batches ? <TextField name={`stock.${index}.batch_number`} label={t`Batch Number`} /> : null}
        {batches ? <DateField name={`stock.${index}.expire_date`} label={t`Expire Date`} /> : null}
        <NumberFormField name={`stock.${index}.quantity`} label={t`Quantity`} required min={0} hideStepper />
        <NumberFormField name={`stock.${index}.cost`} label={t`Cost`} required min={0} currency hideStepper />
        <RemoveLine section="stock" index={index} />
      </SimpleGrid>
    </Box>
  );
}
