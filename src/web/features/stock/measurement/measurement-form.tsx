import { useLingui } from "@lingui/react/macro";
import { measurementSchema } from "../../../../core/validation/stock-schemas";
import { FormScreen } from "../../../components/form/form-screen";
import { TextField } from "../../../components/form/form-fields";
import { useRecordForm } from "../../../components/form/use-record-form";

const LIST_PATH = "/stock/measurement";

export default function MeasurementForm() {
  const { t } = useLingui();
  const form = useRecordForm({ resource: "measurement", listPath: LIST_PATH, schema: measurementSchema, initialValues: { name: "" } });
  return (
    <FormScreen title={form.isEdit ? t`Edit Measurement` : t`Add Measurement`} listPath={LIST_PATH} model="measurement" {...form}>
      <TextField name="name" label={t`Name`} required />
    </FormScreen>
  );
}
