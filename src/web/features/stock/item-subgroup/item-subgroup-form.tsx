import { useLingui } from "@lingui/react/macro";
import { itemSubgroupSchema } from "../../../../core/validation/stock-schemas";
import { FormScreen } from "../../../components/form/form-screen";
import { TextField, useFormField } from "../../../components/form/form-fields";
import { useRecordForm } from "../../../components/form/use-record-form";
import { ItemGroupSelect } from "../../../components/selectors/item-group-select";
import { refId } from "../../../components/table/ref-value";
import type { RowKey } from "../../../offline/sync-tables";

const LIST_PATH = "/stock/item-subgroup";

interface Values {
  name: string;
  item_group: RowKey | null;
}

const fromRecord = (record: { name: string; item_group: unknown }): Values => ({ name: record.name, item_group: refId(record.item_group) });

export default function ItemSubgroupForm() {
  const { t } = useLingui();
  const form = useRecordForm<Values, { name: string; item_group: unknown }>({
    resource: "item-subgroup",
    listPath: LIST_PATH,
    schema: itemSubgroupSchema,
    initialValues: { name: "", item_group: null },
    fromRecord,
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Item Subgroup` : t`Add Item Subgroup`} listPath={LIST_PATH} model="itemsubgroup" {...form}>
      <TextField name="name" label={t`Name`} required />
      <GroupField />
    </FormScreen>
  );
}

function GroupField() {
  const field = useFormField<RowKey | null>("item_group");
  return (
    <ItemGroupSelect
      name="item_group"
      value={field.value}
      onChange={field.setValue}
      invalid={field.invalid}
      errorText={field.errorText}
      required
      allowCreate
    />
  );
}
