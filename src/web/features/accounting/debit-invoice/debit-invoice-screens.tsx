import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { formatDate, toIsoDate } from "../../../../core/dates";
import { amountInWords } from "../../../../core/number-to-words";
import { DateField, NumberFormField, TextField, useFormField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { LedgerDocumentView, moneyText } from "../../../components/ledger-document-view";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { CurrencySelect } from "../../../components/selectors/currency-select";
import { CustomerSelect } from "../../../components/selectors/customer-select";
import { SupplierSelect } from "../../../components/selectors/supplier-select";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import type { RowKey } from "../../../offline/sync-tables";
import { DEBIT_MODEL, useDebitKind, type DebitInvoiceRecord, type DebitParty } from "./debit-invoice-kind";

/** The list of one kind: number, date, party, currency, amount (summed), note. */
export function DebitInvoiceList({ party }: { party: DebitParty }) {
  const { t } = useLingui();
  const kind = useDebitKind(party);
  const columns = useMemo<ColumnDef<DebitInvoiceRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "party_name", title: kind.partyLabel, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "amount", title: t`Amount`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t, kind.partyLabel],
  );
  return (
    <CrudList<DebitInvoiceRecord>
      title={kind.plural}
      endpoint={kind.endpoint}
      path={kind.path}
      model={DEBIT_MODEL}
      columns={columns}
      opens="view"
      dateFilter
      dateField="input_date"
      currencyFilter
      showTotals
      needsNetwork
    />
  );
}

/** The view of one kind, printable, with the amount in words. */
export function DebitInvoiceView({ party }: { party: DebitParty }) {
  const { t } = useLingui();
  const kind = useDebitKind(party);
  return (
    <LedgerDocumentView<DebitInvoiceRecord>
      endpoint={kind.endpoint}
      listPath={kind.path}
      name={kind.singular}
      changeCodes={[`change_${DEBIT_MODEL}`]}
      fields={(r) => [
        { label: t`Number`, value: String(r.invoice_no) },
        { label: t`Date`, value: formatDate(r.input_date) },
        { label: t`Branch`, value: r.branch_name },
        { label: kind.partyLabel, value: r.party_name },
        { label: t`Amount`, value: moneyText(r.amount, r.currency_code) },
        { label: t`Amount in words`, value: amountInWords(r.amount, r.currency_code) },
        ...(r.note ? [{ label: t`Note`, value: r.note }] : []),
      ]}
    />
  );
}

interface Values {
  branch: RowKey | null;
  party: RowKey | null;
  currency: RowKey | null;
  amount: string;
  input_date: string;
  note: string;
}

/** An amount owed without goods (a fee, an opening balance): branch, party of that branch, currency, amount, date, note. */
export function DebitInvoiceForm({ party }: { party: DebitParty }) {
  const kind = useDebitKind(party);
  const { t } = useLingui();
  const form = useRecordForm<Values, DebitInvoiceRecord>({
    endpoint: kind.endpoint,
    listPath: kind.path,
    schema: kind.schema,
    initialValues: { branch: null, party: null, currency: null, amount: "", input_date: toIsoDate(new Date()), note: "" },
    fromRecord: (r) => ({
      branch: r.branch,
      party: r[party] ?? null,
      currency: r.currency,
      amount: r.amount,
      input_date: r.input_date,
      note: r.note ?? "",
    }),
    // The API names the party by its kind.
    toBody: ({ party: id, ...rest }) => ({ ...rest, [party]: id }),
  });
  return (
    <FormScreen title={form.isEdit ? kind.edit : kind.add} listPath={kind.path} model={DEBIT_MODEL} {...form}>
      <Reference name="branch" party={party} />
      <Reference name="party" party={party} />
      <Reference name="currency" party={party} />
      <NumberFormField name="amount" label={t`Amount`} required min={0} hideStepper />
      <DateField name="input_date" label={t`Date`} required />
      <TextField name="note" label={t`Note`} multiline />
    </FormScreen>
  );
}

function Reference({ name, party }: { name: "branch" | "party" | "currency"; party: DebitParty }) {
  const field = useFormField<RowKey | null>(name);
  const branch = useFormField<RowKey | null>("branch").value;
  const branchId = typeof branch === "number" ? branch : null;
  const props = {
    name: name === "party" ? party : name,
    value: field.value,
    onChange: (id: RowKey | null) => field.setValue(id),
    invalid: field.invalid,
    errorText: field.errorText,
    required: true,
  };
  if (name === "branch") return <BranchSelect {...props} />;
  if (name === "currency") return <CurrencySelect {...props} />;
  return party === "supplier" ? (
    <SupplierSelect {...props} branches={branchId === null ? undefined : [branchId]} />
  ) : (
    <CustomerSelect {...props} branch={branchId} />
  );
}
