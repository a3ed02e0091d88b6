import { useLingui } from "@lingui/react/macro";
import { accountTypeSchema } from "../../../../core/validation/accounting-schemas";
import { FormScreen } from "../../../components/form/form-screen";
import { TextField } from "../../../components/form/form-fields";
import { useRecordForm } from "../../../components/form/use-record-form";

const LIST_PATH = "/accounting/income-type";

export default function IncomeTypeForm() {
  const { t } = useLingui();
  const form = useRecordForm({
    resource: "income-type",
    listPath: LIST_PATH,
    schema: accountTypeSchema,
    initialValues: { name: "" },
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Income Type` : t`Add Income Type`} listPath={LIST_PATH} model="incometype" {...form}>
      <TextField name="name" label={t`Name`} required />
    </FormScreen>
  );
}
