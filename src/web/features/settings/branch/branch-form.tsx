import { Stack } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { branchSchema } from "../../../../core/validation/organisation-schemas";
import { TextField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { BRANCH_LIST_PATH } from "./branch-list";
import type { BranchRow } from "./branch-types";
import { InventoriesCard } from "./inventories-card";

interface BranchValues {
  name: string;
  short_code: string;
  color: string;
  description: string;
  updated_at?: string;
}

const fromRecord = (row: BranchRow): BranchValues => ({
  name: row.name,
  short_code: row.short_code ?? "",
  color: row.color,
  description: row.description,
  updated_at: row.updated_at,
});

/** Adds or renames a branch (name, short code, colour, description); its inventories below once it exists. */
export default function BranchForm() {
  const { t } = useLingui();
  const form = useRecordForm<BranchValues, BranchRow>({
    resource: "branch",
    listPath: BRANCH_LIST_PATH,
    schema: branchSchema,
    initialValues: { name: "", short_code: "", color: "#4A6486", description: "" },
    fromRecord,
    toBody: (values) => ({ ...branchSchema.cast(values, { stripUnknown: true }), updated_at: values.updated_at }),
  });
  return (
    <Stack gap="5">
      <FormScreen title={form.isEdit ? t`Edit Branch` : t`Add Branch`} listPath={BRANCH_LIST_PATH} model="branch" {...form}>
        <TextField name="name" label={t`Name`} required />
        {/* Shown before the branch's document numbers (ERB-241). */}
        <TextField name="short_code" label={t`Short Code`} />
        <TextField name="color" label={t`Colour`} type="color" required />
        <TextField name="description" label={t`Description`} multiline />
      </FormScreen>
      {form.id ? <InventoriesCard branchId={Number(form.id)} /> : null}
    </Stack>
  );
}
