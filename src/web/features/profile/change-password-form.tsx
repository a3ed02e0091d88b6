import { Trans, useLingui } from "@lingui/react/macro";
import { changePasswordSchema } from "../../../core/validation/auth-schemas";
import { FormCard } from "../../components/form/form-card";
import { sendCommand } from "../../offline/commands";
import { ProfileField } from "./profile-field";

interface PasswordValues {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

const EMPTY: PasswordValues = { old_password: "", new_password: "", confirm_password: "" };

// The server validates with the same core schema, confirmation included.
const send = async (values: PasswordValues) => {
  await sendCommand("password-change", values);
};

/** Change Password: POST user/change-password/. */
export function ChangePasswordForm() {
  const { t } = useLingui();
  return (
    <FormCard<PasswordValues>
      title={t`Change Password`}
      initialValues={EMPTY}
      schema={changePasswordSchema}
      send={send}
      submitLabel={<Trans>Change Password</Trans>}
      resetAfterSave
      maxW="md"
    >
      <ProfileField name="old_password" label={<Trans>Current password</Trans>} type="password" autoComplete="current-password" required />
      <ProfileField name="new_password" label={<Trans>New password</Trans>} type="password" autoComplete="new-password" required />
      <ProfileField
        name="confirm_password"
        label={<Trans>Confirm new password</Trans>}
        type="password"
        autoComplete="new-password"
        required
      />
    </FormCard>
  );
}
