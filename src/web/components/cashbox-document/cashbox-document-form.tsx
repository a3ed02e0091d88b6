import { useLingui } from "@lingui/react/macro";
import type { AnyObjectSchema } from "yup";
import { toIsoDate } from "../../../core/dates";
import { expenseSchema, incomeSchema } from "../../../core/validation/accounting-schemas";
import { useCurrentUser } from "../../lib/use-permission";
import type { RowKey } from "../../offline/sync-tables";
import { DateField, NumberFormField, TextField, useFormField } from "../form/form-fields";
import { FormScreen } from "../form/form-screen";
import { useRecordForm } from "../form/use-record-form";
import { BranchSelect } from "../selectors/branch-select";
import { CashboxSelect } from "../selectors/cashbox-select";
import { EntitySelect } from "../selectors/entity-select";
import { useAllList } from "../selectors/use-all-list";
import { refId } from "../table/ref-value";
import { CASHBOX_DOCUMENTS, type CashboxDocumentKind, type CashboxDocumentRecord } from "./cashbox-document-kind";

const SCHEMAS: Record<CashboxDocumentKind, AnyObjectSchema> = { expense: expenseSchema, income: incomeSchema };

interface Values {
  branch: RowKey | null;
  expense_type: RowKey | null;
  income_type: RowKey | null;
  cashbox: RowKey | null;
  amount: string;
  input_date: string;
  note: string;
}

/** An expense or income: branch, type, cashbox, amount in the cashbox's currency, date, note. */
export function CashboxDocumentForm({ kind }: { kind: CashboxDocumentKind }) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const meta = CASHBOX_DOCUMENTS[kind];
  const typeKey = kind === "expense" ? "expense_type" : "income_type";
  const form = useRecordForm<Values, CashboxDocumentRecord>({
    endpoint: meta.endpoint,
    listPath: meta.path,
    schema: SCHEMAS[kind],
    initialValues: {
      branch: user?.default_branch_id ?? null,
      expense_type: null,
      income_type: null,
      cashbox: null,
      amount: "",
      input_date: toIsoDate(new Date()),
      note: "",
    },
    fromRecord: (r) => ({
      branch: r.branch,
      expense_type: refId(r.expense_type),
      income_type: refId(r.income_type),
      cashbox: r.cashbox,
      amount: r.amount,
      input_date: r.input_date,
      note: r.note ?? "",
    }),
    toBody: (v) => ({
      branch: v.branch,
      [typeKey]: v[typeKey],
      cashbox: v.cashbox,
      amount: v.amount,
      input_date: v.input_date,
      note: v.note,
    }),
  });
  const title = kind === "expense" ? (form.isEdit ? t`Edit Expense` : t`Add Expense`) : form.isEdit ? t`Edit Income` : t`Add Income`;
  return (
    <FormScreen title={title} listPath={meta.path} model={kind} {...form}>
      <BranchField />
      <TypeField kind={kind} />
      <CashboxField />
      <NumberFormField name="amount" label={t`Amount`} required min={0} hideStepper />
      <DateField name="input_date" label={t`Date`} required />
      <TextField name="note" label={t`Note`} multiline />
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

function TypeField({ kind }: { kind: CashboxDocumentKind }) {
  const { i18n } = useLingui();
  const meta = CASHBOX_DOCUMENTS[kind];
  const name = kind === "expense" ? "expense_type" : "income_type";
  const field = useFormField<RowKey | null>(name);
  const types = useAllList<{ id: number; name: string }>(meta.typeEndpoint);
  return (
    <EntitySelect
      label={i18n._(meta.typeLabel)}
      name={name}
      items={types.items}
      value={field.value}
      onChange={(id) => field.setValue(id)}
      invalid={field.invalid}
      errorText={field.errorText}
      required
    />
  );
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
