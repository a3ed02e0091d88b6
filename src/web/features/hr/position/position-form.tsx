import { useLingui } from "@lingui/react/macro";
import { positionSchema } from "../../../../core/validation/hr-schemas";
import { TextField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { HR } from "../../../components/hr/hr-paths";

interface Values {
  name: string;
  description: string;
}

export default function PositionForm() {
  const { t } = useLingui();
  const form = useRecordForm<Values, Values>({
    resource: "position",
    listPath: HR.position.path,
    schema: positionSchema,
    initialValues: { name: "", description: "" },
    fromRecord: (r) => ({ name: r.name, description: r.description ?? "" }),
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Position` : t`Add Position`} listPath={HR.position.path} model="position" {...form}>
      <TextField name="name" label={t`Name`} required />
      <TextField name="description" label={t`Description`} multiline />
    </FormScreen>
  );
}
