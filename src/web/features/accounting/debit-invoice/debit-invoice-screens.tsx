import { useMemo } from "react";
import { Box, Table } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
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
import { DocumentList } from "../../../components/table/document-list";
import type { RowKey } from "../../../offline/sync-tables";
import { normalisePaymentStatus, PaymentStatusBadge, usePaymentStatusLabel } from "../../../components/document/document-totals";
import { usePaymentStatusColumn } from "../../../components/document/payment-status-column";
import { DEBIT_MODEL, debitInvoiceRefusal, useDebitKind, type DebitInvoiceRecord, type DebitParty } from "./debit-invoice-kind";

/** The list of one kind: number, date, party, currency, amount, paid and remaining (summed), payment status, note. */
export function DebitInvoiceList({ party }: { party: DebitParty }) {
  const { t } = useLingui();
  const kind = useDebitKind(party);
  const statusColumn = usePaymentStatusColumn<DebitInvoiceRecord>();
  const columns = useMemo<ColumnDef<DebitInvoiceRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Number`, sortable: true, filterType: "number", width: "110px" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "party_name", title: kind.partyLabel, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "amount", title: t`Amount`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "paid_amount", title: t`Paid`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "remaining", title: t`Remaining`, sortable: true, filterType: "number", kind: "money", sum: true },
      statusColumn,
      { key: "note", title: t`Note`, filterType: "text" },
    ],
    [t, kind.partyLabel, statusColumn],
  );
  return (
    <DocumentList<DebitInvoiceRecord>
      title={kind.plural}
      endpoint={kind.endpoint}
      deleteCommand={`${kind.resource}-delete` as const}
      path={kind.path}
      model={DEBIT_MODEL}
      columns={columns}
      needsNetwork
    />
  );
}

/**
 * The view of one kind, printable, with the amount in words, what receipts or payments paid of it and
 * its status; the documents that settled it below. Once settled it has no Edit (SPEC section 4).
 */
export function DebitInvoiceView({ party }: { party: DebitParty }) {
  const { t } = useLingui();
  const kind = useDebitKind(party);
  const statusLabel = usePaymentStatusLabel();
  return (
    <LedgerDocumentView<DebitInvoiceRecord>
      endpoint={kind.endpoint}
      listPath={kind.path}
      name={kind.singular}
      changeCodes={[`change_${DEBIT_MODEL}`]}
      locked={(r) => debitInvoiceRefusal(r) !== null}
      fields={(r) => [
        { label: t`Number`, value: String(r.invoice_no) },
        { label: t`Date`, value: formatDate(r.input_date) },
        { label: t`Branch`, value: r.branch_name },
        { label: kind.partyLabel, value: r.party_name },
        { label: t`Amount`, value: moneyText(r.amount, r.currency_code) },
        { label: t`Amount in words`, value: amountInWords(r.amount, r.currency_code) },
        { label: t`Paid`, value: moneyText(r.paid_amount, r.currency_code) },
        { label: t`Remaining`, value: moneyText(r.remaining, r.currency_code) },
        { label: t`Payment Status`, value: statusLabel(normalisePaymentStatus(r.payment_status) ?? "unpaid") },
        ...(r.note ? [{ label: t`Note`, value: r.note }] : []),
      ]}
    >
      {(r) => <SettledBy record={r} party={party} />}
    </LedgerDocumentView>
  );
}

/** The status badge (as the sale list's) and the receipts or payments that settled the debit invoice, each opening its view. */
function SettledBy({ record, party }: { record: DebitInvoiceRecord; party: DebitParty }) {
  const { t } = useLingui();
  const kind = useDebitKind(party);
  const navigate = useNavigate();
  const settled = record.settled_by ?? [];
  return (
    <Box mt="4">
      <PaymentStatusBadge status={normalisePaymentStatus(record.payment_status) ?? "unpaid"} />
      {settled.length > 0 ? (
        <Table.Root size="sm" variant="outline" mt="3" aria-label={kind.settledByTitle}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{kind.settledByName}</Table.ColumnHeader>
              <Table.ColumnHeader>{t`Date`}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t`Amount`}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {settled.map((s) => (
              <Table.Row key={s.id} cursor="pointer" onClick={() => navigate(`${kind.settledByPath}/${s.id}/view`)}>
                <Table.Cell>#{s.invoice_no}</Table.Cell>
                <Table.Cell>{formatDate(s.input_date)}</Table.Cell>
                <Table.Cell textAlign="end">{moneyText(s.amount, record.currency_code)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </Box>
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
    resource: kind.resource,
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
    <FormScreen
      title={form.isEdit ? kind.edit : kind.add}
      listPath={kind.path}
      model={DEBIT_MODEL}
      {...form}
      refusal={form.record ? debitInvoiceRefusal(form.record) : null}
    >
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
