import { Field } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { supplierSchema } from "../../../../core/validation/partner-schemas";
import { FormScreen } from "../../../components/form/form-screen";
import { TextField, useFormField } from "../../../components/form/form-fields";
import { useRecordForm } from "../../../components/form/use-record-form";
import { MultiSelect } from "../../../components/multi-select";
import { refId } from "../../../components/table/ref-value";
import { useCurrentUser } from "../../../lib/use-permission";

const LIST_PATH = "/purchase/supplier";

interface Values {
  name: string;
  phone: string;
  address: string;
  branches: number[];
}

interface SupplierRecord {
  name: string;
  phone: string | null;
  address: string | null;
  branches: unknown[];
}

const fromRecord = (record: SupplierRecord): Values => ({
  name: record.name,
  phone: record.phone ?? "",
  address: record.address ?? "",
  branches: (record.branches ?? []).map(refId).filter((id): id is number => id !== null),
});

export default function SupplierForm() {
  const { t } = useLingui();
  const user = useCurrentUser();
  // A new supplier belongs to the user's default branch (or the only one) until the user says otherwise.
  const defaultBranch = user?.default_branch_id ?? user?.branches[0]?.id;
  const form = useRecordForm<Values, SupplierRecord>({
    resource: "supplier",
    listPath: LIST_PATH,
    schema: supplierSchema,
    initialValues: { name: "", phone: "", address: "", branches: defaultBranch ? [defaultBranch] : [] },
    fromRecord,
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Supplier` : t`Add Supplier`} listPath={LIST_PATH} model="supplier" {...form}>
      <TextField name="name" label={t`Name`} required />
      <TextField name="phone" label={t`Phone`} type="tel" />
      <BranchesField />
      <TextField name="address" label={t`Address`} multiline />
    </FormScreen>
  );
}

function BranchesField() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const field = useFormField<number[]>("branches");
  return (
    <Field.Root invalid={field.invalid} required>
      <Field.Label>
        {t`Branches`}
        <Field.RequiredIndicator />
      </Field.Label>
      <MultiSelect
        label={t`Branches`}
        options={(user?.branches ?? []).map((b) => ({ value: b.id, label: b.name }))}
        value={field.value}
        onChange={(values) => field.setValue(values.map(Number))}
      />
      <Field.ErrorText>{field.errorText}</Field.ErrorText>
    </Field.Root>
  );
}
