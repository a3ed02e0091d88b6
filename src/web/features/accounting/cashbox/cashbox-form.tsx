import { useLingui } from "@lingui/react/macro";
import { cashboxSchema } from "../../../../core/validation/accounting-schemas";
import { FormScreen } from "../../../components/form/form-screen";
import { TextField, useFormField } from "../../../components/form/form-fields";
import { useRecordForm } from "../../../components/form/use-record-form";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { CurrencySelect } from "../../../components/selectors/currency-select";
import { refId } from "../../../components/table/ref-value";
import { useCurrentUser } from "../../../lib/use-permission";
import type { RowKey } from "../../../offline/sync-tables";

const LIST_PATH = "/accounting/cashbox";

interface Values {
  name: string;
  branch: RowKey | null;
  currency: RowKey | null;
}

interface CashboxRecord {
  name: string;
  branch: unknown;
  currency: unknown;
}

const fromRecord = (record: CashboxRecord): Values => ({
  name: record.name,
  branch: refId(record.branch),
  currency: refId(record.currency),
});

/** A cashbox: name, branch, currency. The server refuses a new branch or currency once it has entries. */
export default function CashboxForm() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const form = useRecordForm<Values, CashboxRecord>({
    resource: "cashbox",
    listPath: LIST_PATH,
    schema: cashboxSchema,
    initialValues: { name: "", branch: user?.default_branch_id ?? null, currency: null },
    fromRecord,
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Cashbox` : t`Add Cashbox`} listPath={LIST_PATH} model="cashbox" {...form}>
      <TextField name="name" label={t`Name`} required />
      <BranchField />
      <CurrencyField />
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

function CurrencyField() {
  const field = useFormField<RowKey | null>("currency");
  return (
    <CurrencySelect
      name="currency"
      value={field.value}
      onChange={field.setValue}
      invalid={field.invalid}
      errorText={field.errorText}
      required
    />
  );
}
