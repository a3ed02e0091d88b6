import { useLingui } from "@lingui/react/macro";
import type { AnyObjectSchema } from "yup";
import { expenseSchema, incomeSchema } from "../../../core/validation/accounting-schemas";
import { useCurrentUser } from "../../lib/use-permission";
import type { RowKey } from "../../offline/sync-tables";
import { useFormField } from "../form/form-fields";
import { useRecordForm } from "../form/use-record-form";
import {
  BranchCashboxField,
  BranchField,
  branchMoneyBody,
  branchMoneyValuesOf,
  MoneyFormShell,
  newBranchMoneyValues,
  type BranchMoneyValues,
} from "../money-document/money-form-shell";
import { EntitySelect } from "../selectors/entity-select";
import { useAllList } from "../selectors/use-all-list";
import { refId } from "../table/ref-value";
import { CASHBOX_DOCUMENTS, type CashboxDocumentKind, type CashboxDocumentRecord } from "./cashbox-document-kind";

const SCHEMAS: Record<CashboxDocumentKind, AnyObjectSchema> = { expense: expenseSchema, income: incomeSchema };

interface Values extends BranchMoneyValues {
  expense_type: RowKey | null;
  income_type: RowKey | null;
}

/** An expense or income: branch, type, cashbox, amount in the cashbox's currency, date, note. */
export function CashboxDocumentForm({ kind }: { kind: CashboxDocumentKind }) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const meta = CASHBOX_DOCUMENTS[kind];
  const typeKey = kind === "expense" ? "expense_type" : "income_type";
  const form = useRecordForm<Values, CashboxDocumentRecord>({
    resource: kind,
    listPath: meta.path,
    schema: SCHEMAS[kind],
    initialValues: { ...newBranchMoneyValues(user?.default_branch_id ?? null), expense_type: null, income_type: null },
    fromRecord: (r) => ({ ...branchMoneyValuesOf(r), expense_type: refId(r.expense_type), income_type: refId(r.income_type) }),
    toBody: (v) => ({ ...branchMoneyBody(v), [typeKey]: v[typeKey] }),
  });
  const title = kind === "expense" ? (form.isEdit ? t`Edit Expense` : t`Add Expense`) : form.isEdit ? t`Edit Income` : t`Add Income`;
  return (
    <MoneyFormShell title={title} listPath={meta.path} model={kind} {...form}>
      <BranchField />
      <TypeField kind={kind} />
      <BranchCashboxField />
    </MoneyFormShell>
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
