import { useLingui } from "@lingui/react/macro";
import { customerSchema } from "../../../../core/validation/partner-schemas";
import { FormScreen } from "../../../components/form/form-screen";
import { NumberFormField, TextField, useFormField } from "../../../components/form/form-fields";
import { useRecordForm } from "../../../components/form/use-record-form";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { CitySelect } from "../../../components/selectors/city-select";
import { refId } from "../../../components/table/ref-value";
import { useCurrentUser } from "../../../lib/use-permission";
import type { RowKey } from "../../../offline/sync-tables";

const LIST_PATH = "/sale/customer";

interface Values {
  name: string;
  phone: string;
  address: string;
  city: RowKey | null;
  branch: RowKey | null;
  credit_limit: string;
}

interface CustomerRecord {
  name: string;
  phone: string | null;
  address: string | null;
  city: unknown;
  branch: unknown;
  credit_limit?: string | null;
}

const fromRecord = (record: CustomerRecord): Values => ({
  name: record.name,
  phone: record.phone ?? "",
  address: record.address ?? "",
  city: refId(record.city),
  branch: refId(record.branch),
  credit_limit: record.credit_limit ?? "",
});

export default function CustomerForm() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const form = useRecordForm<Values, CustomerRecord>({
    resource: "customer",
    listPath: LIST_PATH,
    schema: customerSchema,
    initialValues: { name: "", phone: "", address: "", city: null, branch: user?.default_branch_id ?? null, credit_limit: "" },
    fromRecord,
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Customer` : t`Add Customer`} listPath={LIST_PATH} model="customer" {...form}>
      <TextField name="name" label={t`Name`} required />
      <TextField name="phone" label={t`Phone`} type="tel" />
      <CityField />
      <BranchField />
      <NumberFormField name="credit_limit" label={t`Credit Limit`} min={0} currency hideStepper />
      <TextField name="address" label={t`Address`} multiline />
    </FormScreen>
  );
}

function CityField() {
  const field = useFormField<RowKey | null>("city");
  return (
    <CitySelect name="city" value={field.value} onChange={field.setValue} invalid={field.invalid} errorText={field.errorText} allowCreate />
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
