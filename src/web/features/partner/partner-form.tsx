import { useLingui } from "@lingui/react/macro";
import { partnerSchema } from "../../../core/validation/partner-schemas";
import { CheckboxField, TextField } from "../../components/form/form-fields";
import { FormScreen } from "../../components/form/form-screen";
import { useRecordForm } from "../../components/form/use-record-form";

const LIST_PATH = "/partner";

interface Values {
  name: string;
  phone: string;
  is_customer: boolean;
  is_supplier: boolean;
}

interface PartnerRecord {
  name: string;
  phone: string | null;
  is_customer: boolean;
  is_supplier: boolean;
}

const fromRecord = (record: PartnerRecord): Values => ({
  name: record.name,
  phone: record.phone ?? "",
  is_customer: Boolean(record.is_customer),
  is_supplier: Boolean(record.is_supplier),
});

export default function PartnerForm() {
  const { t } = useLingui();
  const form = useRecordForm<Values, PartnerRecord>({
    resource: "partner",
    listPath: LIST_PATH,
    schema: partnerSchema,
    initialValues: { name: "", phone: "", is_customer: true, is_supplier: false },
    fromRecord,
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Partner` : t`Add Partner`} listPath={LIST_PATH} model="partner" {...form}>
      <TextField name="name" label={t`Name`} required />
      <TextField name="phone" label={t`Phone`} type="tel" />
      <CheckboxField name="is_customer" label={t`Customer`} />
      <CheckboxField name="is_supplier" label={t`Supplier`} />
    </FormScreen>
  );
}
