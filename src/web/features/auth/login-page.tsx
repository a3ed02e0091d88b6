import { Alert, Button, Card, Center, Heading, HStack, Stack } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { Form, Formik, type FormikHelpers } from "formik";
import { useAtom, useAtomValue } from "jotai";
import { Navigate, useNavigate } from "react-router";
import { loginSchema } from "../../../core/validation/auth-schemas";
import { toErrorMessage, toFieldErrors } from "../../lib/api-client";
import { languageAtom, storedUserAtom, tokenAtom } from "../../lib/app-state";
import { LANGUAGES } from "../../lib/i18n";
import { login } from "../../lib/session";
import { LoginField } from "./login-field";

interface Credentials {
  username: string;
  password: string;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(storedUserAtom);
  const [language, setLanguage] = useAtom(languageAtom);

  if (token && user?.id) return <Navigate to="/" replace />;

  const submit = async (values: Credentials, helpers: FormikHelpers<Credentials>) => {
    helpers.setStatus(null);
    try {
      await login(values.username.trim(), values.password);
      navigate("/", { replace: true });
    } catch (error) {
      // Wrong password: the server's {message} goes under the form; field errors onto their fields.
      helpers.setErrors(toFieldErrors(error));
      helpers.setStatus(toErrorMessage(error) ?? (Object.keys(toFieldErrors(error)).length ? null : "network"));
    }
  };

  return (
    <Center minH="100dvh" p="4" bg="bg.subtle">
      <Card.Root w="full" maxW="md" size="lg">
        <Card.Header>
          <Heading size="2xl" color="brand.fg" textAlign="center">
            Back Office
          </Heading>
          <Heading size="md" textAlign="center" fontWeight="normal" color="fg.muted">
            <Trans>Sign in</Trans>
          </Heading>
        </Card.Header>
        <Card.Body>
          <Formik<Credentials> initialValues={{ username: "", password: "" }} validationSchema={loginSchema} onSubmit={submit}>
            {({ isSubmitting, status }) => (
              <Form noValidate>
                <Stack gap="5">
                  <LoginField name="username" label={<Trans>Username</Trans>} autoComplete="username" autoFocus />
                  <LoginField name="password" label={<Trans>Password</Trans>} type="password" autoComplete="current-password" />
                  {typeof status === "string" && (
                    <Alert.Root status="error">
                      <Alert.Indicator />
                      <Alert.Title>
                        {status === "network" ? <Trans>Cannot reach the server. Check the connection and try again.</Trans> : status}
                      </Alert.Title>
                    </Alert.Root>
                  )}
                  <Button type="submit" colorPalette="brand" size="lg" loading={isSubmitting}>
                    <Trans>Sign in</Trans>
                  </Button>
                </Stack>
              </Form>
            )}
          </Formik>
        </Card.Body>
        <Card.Footer justifyContent="center">
          <HStack gap="1" role="group" aria-label="language">
            {LANGUAGES.map((option) => (
              <Button
                key={option.code}
                size="sm"
                variant={option.code === language ? "subtle" : "ghost"}
                colorPalette="brand"
                lang={option.code}
                onClick={() => setLanguage(option.code)}
              >
                {option.label}
              </Button>
            ))}
          </HStack>
        </Card.Footer>
      </Card.Root>
    </Center>
  );
}
