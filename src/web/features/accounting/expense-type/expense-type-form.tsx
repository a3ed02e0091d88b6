import { useLingui } from "@lingui/react/macro";
import { accountTypeSchema } from "../../../../core/validation/accounting-schemas";
import { FormScreen } from "../../../components/form/form-screen";
import { TextField } from "../../../components/form/form-fields";
import { useRecordForm } from "../../../components/form/use-record-form";

const LIST_PATH = "/accounting/expense-type";

export default function ExpenseTypeForm() {
  const { t } = useLingui();
  const form = useRecordForm({
    resource: "expense-type",
    listPath: LIST_PATH,
    schema: accountTypeSchema,
    initialValues: { name: "" },
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Expense Type` : t`Add Expense Type`} listPath={LIST_PATH} model="expensetype" {...form}>
      <TextField name="name" label={t`Name`} required />
    </FormScreen>
  );
}
