import { useLingui } from "@lingui/react/macro";
import { itemGroupSchema } from "../../../../core/validation/stock-schemas";
import { FormScreen } from "../../../components/form/form-screen";
import { TextField } from "../../../components/form/form-fields";
import { useRecordForm } from "../../../components/form/use-record-form";

const LIST_PATH = "/stock/item-group";

export default function ItemGroupForm() {
  const { t } = useLingui();
  const form = useRecordForm({ resource: "item-group", listPath: LIST_PATH, schema: itemGroupSchema, initialValues: { name: "" } });
  return (
    <FormScreen title={form.isEdit ? t`Edit Item Group` : t`Add Item Group`} listPath={LIST_PATH} model="itemgroup" {...form}>
      <TextField name="name" label={t`Name`} required />
    </FormScreen>
  );
}
