import { Box, Heading, Stack } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { groupSchema } from "../../../core/validation/user-schemas";
import { TextField, useFormField } from "../../components/form/form-fields";
import { FormSaveButton, RecordFormFrame } from "../../components/form/form-screen-parts";
import { useRecordForm } from "../../components/form/use-record-form";
import { PermissionMatrix } from "../../components/permission-matrix/permission-matrix";
import { usePermissionCatalog } from "../../components/permission-matrix/use-permission-catalog";
import { useCurrentUser } from "../../lib/use-permission";
import { ROLES_PATH } from "./role-list";

interface Values {
  name: string;
  permissions: string[];
  /** The version loaded: a role saved meanwhile by someone else is refused (423) instead of overwritten. */
  updated_at?: string;
}

/** Add and edit a role: its name and its permissions in the matrix; members get a change on their next request. */
export default function RoleForm() {
  const { t } = useLingui();
  const form = useRecordForm<Values>({
    resource: "role",
    listPath: ROLES_PATH,
    schema: groupSchema,
    initialValues: { name: "", permissions: [] },
    fromRecord: (record) => ({ name: record.name, permissions: record.permissions, updated_at: record.updated_at }),
    toBody: (values) => ({ ...groupSchema.cast(values, { stripUnknown: true }), updated_at: values.updated_at }),
  });
  return (
    <RecordFormFrame
      title={form.isEdit ? t`Edit Role` : t`Add Role`}
      listPath={ROLES_PATH}
      formik={form.formik}
      loading={form.loading}
      loadFailed={form.loadFailed}
      cardProps={{ maxW: "6xl", mx: "auto" }}
    >
      <Stack gap="6">
        <Box maxW="md">
          <TextField name="name" label={t`Name`} required />
        </Box>
        <RoleMatrix />
      </Stack>
      <Stack direction="row" justify="end" mt="6">
        <FormSaveButton model="user" isEdit={form.isEdit} submitting={form.formik.isSubmitting} />
      </Stack>
    </RecordFormFrame>
  );
}

function RoleMatrix() {
  const me = useCurrentUser();
  const catalog = usePermissionCatalog();
  const permissions = useFormField<string[]>("permissions");
  return (
    <Box>
      <Heading size="md" mb="3">
        <Trans>Permissions</Trans>
      </Heading>
      <PermissionMatrix
        catalog={catalog}
        value={permissions.value}
        onChange={(codes) => permissions.setValue(codes)}
        grantable={me?.is_superuser ? null : (me?.permissions ?? [])}
      />
    </Box>
  );
}
