import { Button, Card, Heading, SimpleGrid, Stack } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Formik, type FormikHelpers } from "formik";
import { useAtom } from "jotai";
import type { AuthUser } from "../../../core/api-types";
import { MESSAGES } from "../../../core/messages";
import { profileSchema } from "../../../core/validation/auth-schemas";
import { api, toFieldErrors } from "../../lib/api-client";
import { storedUserAtom } from "../../lib/app-state";
import { translateMessage } from "../../lib/messages";
import { showSuccess } from "../../lib/toast";
import { ProfileField } from "./profile-field";

interface InfoValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

/** Change Info: PUT user/me/; the stored user follows the answer. */
export function ChangeInfoForm() {
  const [user, setUser] = useAtom(storedUserAtom);
  const { t } = useLingui();
  if (!user) return null;

  const initial: InfoValues = {
    first_name: user.first_name ?? "",
    last_name: user.last_name ?? "",
    email: user.email ?? "",
    phone: user.phone ?? "",
  };

  const submit = async (values: InfoValues, helpers: FormikHelpers<InfoValues>) => {
    try {
      const updated = await api.put("user/me/", { json: values }).json<Partial<AuthUser>>();
      setUser({ ...user, ...values, ...updated });
      showSuccess(translateMessage(MESSAGES.updated));
    } catch (error) {
      helpers.setErrors(toFieldErrors(error));
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">
          <Trans>Change Info</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Formik<InfoValues> initialValues={initial} validationSchema={profileSchema} onSubmit={submit} enableReinitialize>
          {({ isSubmitting, dirty }) => (
            <Form noValidate aria-label={t`Change Info`}>
              <Stack gap="4">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <ProfileField name="first_name" label={<Trans>First name</Trans>} autoComplete="given-name" />
                  <ProfileField name="last_name" label={<Trans>Last name</Trans>} autoComplete="family-name" />
                  <ProfileField name="email" label={<Trans>Email</Trans>} type="email" autoComplete="email" />
                  <ProfileField name="phone" label={<Trans>Phone</Trans>} type="tel" autoComplete="tel" />
                </SimpleGrid>
                <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting} disabled={!dirty}>
                  <Trans>Save</Trans>
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      </Card.Body>
    </Card.Root>
  );
}
