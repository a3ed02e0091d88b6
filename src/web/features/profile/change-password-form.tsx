import { Button, Card, Heading, Stack } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Formik, type FormikHelpers } from "formik";
import { MESSAGES } from "../../../core/messages";
import { changePasswordSchema } from "../../../core/validation/auth-schemas";
import { api, toFieldErrors } from "../../lib/api-client";
import { translateMessage } from "../../lib/messages";
import { showSuccess } from "../../lib/toast";
import { ProfileField } from "./profile-field";

interface PasswordValues {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

const EMPTY: PasswordValues = { old_password: "", new_password: "", confirm_password: "" };

/** Change Password: POST user/change-password/. */
export function ChangePasswordForm() {
  const { t } = useLingui();

  const submit = async (values: PasswordValues, helpers: FormikHelpers<PasswordValues>) => {
    try {
      // The server validates with the same core schema, confirmation included.
      await api.post("user/change-password/", { json: values });
      showSuccess(translateMessage(MESSAGES.updated));
      helpers.resetForm({ values: EMPTY });
    } catch (error) {
      helpers.setErrors(toFieldErrors(error));
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">
          <Trans>Change Password</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Formik<PasswordValues> initialValues={EMPTY} validationSchema={changePasswordSchema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label={t`Change Password`}>
              <Stack gap="4" maxW="md">
                <ProfileField name="old_password" label={<Trans>Current password</Trans>} type="password" autoComplete="current-password" required />
                <ProfileField name="new_password" label={<Trans>New password</Trans>} type="password" autoComplete="new-password" required />
                <ProfileField name="confirm_password" label={<Trans>Confirm new password</Trans>} type="password" autoComplete="new-password" required />
                <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting}>
                  <Trans>Change Password</Trans>
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      </Card.Body>
    </Card.Root>
  );
}
