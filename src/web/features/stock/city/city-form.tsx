import { useLingui } from "@lingui/react/macro";
import { citySchema } from "../../../../core/validation/stock-schemas";
import { FormScreen } from "../../../components/form/form-screen";
import { TextField } from "../../../components/form/form-fields";
import { useRecordForm } from "../../../components/form/use-record-form";

const LIST_PATH = "/stock/city";

export default function CityForm() {
  const { t } = useLingui();
  const form = useRecordForm({ resource: "city", listPath: LIST_PATH, schema: citySchema, initialValues: { name: "" } });
  return (
    <FormScreen title={form.isEdit ? t`Edit City` : t`Add City`} listPath={LIST_PATH} model="city" {...form}>
      <TextField name="name" label={t`Name`} required />
    </FormScreen>
  );
}
