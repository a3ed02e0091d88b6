import { useLingui } from "@lingui/react/macro";
import { damagedStockTypeSchema } from "../../../../core/validation/stock-document-schemas";
import { FormScreen } from "../../../components/form/form-screen";
import { TextField } from "../../../components/form/form-fields";
import { useRecordForm } from "../../../components/form/use-record-form";

const LIST_PATH = "/stock/damaged-stock-type";

export default function DamagedStockTypeForm() {
  const { t } = useLingui();
  const form = useRecordForm({
    resource: "damaged-stock-type",
    listPath: LIST_PATH,
    schema: damagedStockTypeSchema,
    initialValues: { name: "" },
  });
  return (
    <FormScreen
      title={form.isEdit ? t`Edit Damaged Stock Type` : t`Add Damaged Stock Type`}
      listPath={LIST_PATH}
      model="damagedstocktype"
      {...form}
    >
      <TextField name="name" label={t`Name`} required />
    </FormScreen>
  );
}
