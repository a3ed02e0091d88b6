import { useMemo } from "react";
import { Box, Field, Flex, Heading, NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useFormikContext } from "formik";
import { useParams } from "react-router";
import { userCreateSchema, userUpdateSchema } from "../../../core/validation/user-schemas";
import { CheckboxField, TextField, useFormField } from "../../components/form/form-fields";
import { FormSaveButton, RecordFormFrame } from "../../components/form/form-screen-parts";
import { useRecordForm } from "../../components/form/use-record-form";
import { MultiSelect } from "../../components/multi-select";
import { PermissionMatrix } from "../../components/permission-matrix/permission-matrix";
import { usePermissionCatalog, useRoles } from "../../components/permission-matrix/use-permission-catalog";
import { useCurrentUser } from "../../lib/use-permission";
import { ResetPasswordButton } from "./reset-password-button";

export const USERS_PATH = "/setting.user";

interface Values {
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  is_superuser: boolean;
  is_active: boolean;
  branches: number[];
  default_branch: number | "";
  default_inventory: number | "";
  cashboxes: number[];
  groups: number[];
  permissions: string[];
}

interface UserRecord extends Omit<
  Values,
  "password" | "default_branch" | "default_inventory" | "first_name" | "last_name" | "email" | "phone"
> {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  default_branch: number | null;
  default_inventory: number | null;
}

const EMPTY: Values = {
  username: "",
  password: "",
  first_name: "",
  last_name: "",
  email: "",
  phone: "",
  is_superuser: false,
  is_active: true,
  branches: [],
  default_branch: "",
  default_inventory: "",
  cashboxes: [],
  groups: [],
  permissions: [],
};

const fromRecord = (record: UserRecord): Values => ({
  ...EMPTY,
  ...record,
  password: "",
  first_name: record.first_name ?? "",
  last_name: record.last_name ?? "",
  email: record.email ?? "",
  phone: record.phone ?? "",
  default_branch: record.default_branch ?? "",
  default_inventory: record.default_inventory ?? "",
});

/** Add and edit a user: details, branches and cashboxes, roles, and direct permissions in the matrix. */
export default function UserForm() {
  const { t } = useLingui();
  const { id } = useParams();
  const form = useRecordForm<Values, UserRecord>({
    resource: "user",
    listPath: USERS_PATH,
    schema: id ? userUpdateSchema : userCreateSchema,
    initialValues: EMPTY,
    fromRecord,
  });
  return (
    <RecordFormFrame
      title={form.isEdit ? t`Edit User` : t`Add User`}
      listPath={USERS_PATH}
      formik={form.formik}
      loading={form.loading}
      loadFailed={form.loadFailed}
      cardProps={{ maxW: "6xl", mx: "auto" }}
    >
      <UserFields isEdit={form.isEdit} />
      <Flex justify="end" align="center" gap="3" mt="6" wrap="wrap">
        {form.id && <ResetPasswordButton userId={Number(form.id)} username={form.formik.values.username} />}
        <FormSaveButton model="user" isEdit={form.isEdit} submitting={form.formik.isSubmitting} />
      </Flex>
    </RecordFormFrame>
  );
}

function UserFields({ isEdit }: { isEdit: boolean }) {
  const { t } = useLingui();
  const me = useCurrentUser();
  const { values } = useFormikContext<Values>();
  const catalog = usePermissionCatalog();
  const roles = useRoles();
  const fromRoles = useMemo(
    () => [...new Set(roles.filter((role) => values.groups.includes(role.id)).flatMap((role) => role.permissions))],
    [roles, values.groups],
  );
  const grantable = me?.is_superuser ? null : (me?.permissions ?? []);
  const branchOptions = (me?.branches ?? []).map((b) => ({ value: b.id, label: b.name }));
  // A superuser's sales may take stock in any branch; anyone else's in one of their branches.
  const inventoryOptions = (me?.branches ?? [])
    .filter((b) => values.is_superuser || values.branches.includes(b.id))
    .flatMap((b) => b.inventories.map((i) => ({ value: i.id, label: `${i.name} (${b.name})` })));
  const cashboxOptions = (me?.cashboxes ?? [])
    .filter((c) => values.branches.includes(c.branch_id))
    .map((c) => ({ value: c.id, label: `${c.name} (${c.currency.code})` }));
  const permissions = useFormField<string[]>("permissions");
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField name="username" label={t`Username`} required />
        {!isEdit && <TextField name="password" label={t`Password`} type="password" required />}
        <TextField name="first_name" label={t`First name`} />
        <TextField name="last_name" label={t`Last name`} />
        <TextField name="email" label={t`Email`} type="email" />
        <TextField name="phone" label={t`Phone`} type="tel" />
        <IdsField name="branches" label={t`Branches`} options={branchOptions} />
        <DefaultField
          name="default_branch"
          label={t`Default branch`}
          options={branchOptions.filter((o) => values.branches.includes(o.value))}
        />
        <DefaultField
          name="default_inventory"
          label={t`Default inventory`}
          hint={t`Where the user's sales take stock from, unless they pick another`}
          options={inventoryOptions}
        />
        <IdsField
          name="cashboxes"
          label={t`Cashboxes`}
          options={cashboxOptions}
          hint={t`None chosen: every cashbox of the user's branches`}
        />
        <IdsField name="groups" label={t`Roles`} options={roles.map((r) => ({ value: r.id, label: r.name }))} />
        {me?.is_superuser && <CheckboxField name="is_superuser" label={t`Superuser (every permission and branch)`} />}
        {isEdit && <CheckboxField name="is_active" label={t`Active`} />}
      </SimpleGrid>
      {!values.is_superuser && (
        <Box>
          <Heading size="md" mb="1">
            <Trans>Permissions</Trans>
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="3">
            <Trans>The user holds these and every permission of their roles (ticked and greyed here).</Trans>
          </Text>
          <PermissionMatrix
            catalog={catalog}
            value={permissions.value}
            onChange={(codes) => permissions.setValue(codes)}
            inherited={fromRoles}
            grantable={grantable}
          />
        </Box>
      )}
    </Stack>
  );
}

function IdsField({
  name,
  label,
  options,
  hint,
}: {
  name: string;
  label: string;
  options: { value: number; label: string }[];
  hint?: string;
}) {
  const field = useFormField<number[]>(name);
  return (
    <Field.Root invalid={field.invalid}>
      <Field.Label>{label}</Field.Label>
      <MultiSelect label={label} options={options} value={field.value} onChange={(values) => field.setValue(values.map(Number))} />
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      <Field.ErrorText>{field.errorText}</Field.ErrorText>
    </Field.Root>
  );
}

/** A default among the user's choices (branch, inventory), or none. */
function DefaultField({
  name,
  label,
  hint,
  options,
}: {
  name: "default_branch" | "default_inventory";
  label: string;
  hint?: string;
  options: { value: number; label: string }[];
}) {
  const { t } = useLingui();
  const field = useFormField<number | "">(name);
  return (
    <Field.Root invalid={field.invalid}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          aria-label={label}
          value={field.value === "" || field.value == null ? "" : String(field.value)}
          onChange={(event) => field.setValue(event.target.value === "" ? "" : Number(event.target.value))}
        >
          <option value="">{t`None`}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      <Field.ErrorText>{field.errorText}</Field.ErrorText>
    </Field.Root>
  );
}
