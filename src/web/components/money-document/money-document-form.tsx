import { Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AnyObjectSchema } from "yup";
import { toIsoDate } from "../../../core/dates";
import { paymentSchema, receiptSchema } from "../../../core/validation/accounting-schemas";
import { useCurrentUser } from "../../lib/use-permission";
import type { RowKey } from "../../offline/sync-tables";
import { DateField, NumberFormField, TextField, useFormField } from "../form/form-fields";
import { FormScreen } from "../form/form-screen";
import { useRecordForm } from "../form/use-record-form";
import { BranchSelect } from "../selectors/branch-select";
import { CashboxSelect } from "../selectors/cashbox-select";
import { CustomerSelect } from "../selectors/customer-select";
import { SupplierSelect } from "../selectors/supplier-select";
import { refId } from "../table/ref-value";
import { MONEY_DOCUMENTS, type MoneyDocumentKind, type MoneyDocumentRecord } from "./money-document-kind";

const SCHEMAS: Record<MoneyDocumentKind, AnyObjectSchema> = { receipt: receiptSchema, payment: paymentSchema };

interface Values {
  branch: RowKey | null;
  customer: RowKey | null;
  supplier: RowKey | null;
  cashbox: RowKey | null;
  amount: string;
  input_date: string;
  note: string;
}

/**
 * A receipt or payment: branch, party, cashbox (in its currency), amount, date, note. The invoices it
 * settles are left to the server, which takes the party's oldest open ones in that currency first.
 */
export function MoneyDocumentForm({ kind }: { kind: MoneyDocumentKind }) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const meta = MONEY_DOCUMENTS[kind];
  const partyKey = meta.party;
  const form = useRecordForm<Values, MoneyDocumentRecord>({
    endpoint: meta.endpoint,
    listPath: meta.path,
    schema: SCHEMAS[kind],
    initialValues: {
      branch: user?.default_branch_id ?? null,
      customer: null,
      supplier: null,
      cashbox: null,
      amount: "",
      input_date: toIsoDate(new Date()),
      note: "",
    },
    fromRecord: (r) => ({
      branch: r.branch,
      customer: refId(r.customer),
      supplier: refId(r.supplier),
      cashbox: r.cashbox,
      amount: r.amount,
      input_date: r.input_date,
      note: r.note ?? "",
    }),
    toBody: (v) => ({
      branch: v.branch,
      [partyKey]: v[partyKey],
      cashbox: v.cashbox,
      amount: v.amount,
      input_date: v.input_date,
      note: v.note,
    }),
  });
  const title = kind === "receipt" ? (form.isEdit ? t`Edit Receipt` : t`Add Receipt`) : form.isEdit ? t`Edit Payment` : t`Add Payment`;
  return (
    <FormScreen title={title} listPath={meta.path} model={meta.model} {...form}>
      <BranchField />
      <PartyField kind={kind} />
      <CashboxField />
      <NumberFormField name="amount" label={t`Amount`} required min={0} hideStepper />
      <DateField name="input_date" label={t`Date`} required />
      <TextField name="note" label={t`Note`} multiline />
      <Text color="fg.muted" fontSize="sm" gridColumn="1 / -1">
        {kind === "receipt" ? (
          <Trans>The customer's oldest open sales in the cashbox's currency are settled first.</Trans>
        ) : (
          <Trans>The supplier's oldest open purchases in the cashbox's currency are settled first.</Trans>
        )}
      </Text>
    </FormScreen>
  );
}

function BranchField() {
  const field = useFormField<RowKey | null>("branch");
  return (
    <BranchSelect
      name="branch"
      value={field.value}
      onChange={field.setValue}
      invalid={field.invalid}
      errorText={field.errorText}
      required
    />
  );
}

function PartyField({ kind }: { kind: MoneyDocumentKind }) {
  const name = MONEY_DOCUMENTS[kind].party;
  const field = useFormField<RowKey | null>(name);
  const props = { name, value: field.value, onChange: field.setValue, invalid: field.invalid, errorText: field.errorText, required: true };
  return kind === "receipt" ? <CustomerSelect {...props} /> : <SupplierSelect {...props} />;
}

function CashboxField() {
  const field = useFormField<RowKey | null>("cashbox");
  const branch = useFormField<RowKey | null>("branch");
  return (
    <CashboxSelect
      name="cashbox"
      branchId={typeof branch.value === "number" ? branch.value : null}
      value={field.value}
      onChange={field.setValue}
      invalid={field.invalid}
      errorText={field.errorText}
      required
    />
  );
}
