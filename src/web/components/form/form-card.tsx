import type { ReactNode } from "react";
import { Button, Card, Heading, Stack } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { Form, Formik, type FormikHelpers, type FormikValues } from "formik";
import type { AnyObjectSchema } from "yup";
import { MESSAGES } from "../../../core/messages";
import { toFieldErrors } from "../../lib/api-client";
import { translateMessage } from "../../lib/messages";
import { showSuccess } from "../../lib/toast";

export interface FormCardProps<Values extends FormikValues> {
  /** Translated: the card's heading and the form's accessible name. */
  title: string;
  initialValues: Values;
  schema: AnyObjectSchema;
  /** Sends the values; the server's field errors of a refusal land on their fields. */
  send: (values: Values) => Promise<void>;
  /** The submit button's text (default Save). */
  submitLabel?: ReactNode;
  /** Save stays off until a field changes. */
  onlyWhenChanged?: boolean;
  /** Empties the fields after a save (a password is not left on screen). */
  resetAfterSave?: boolean;
  maxW?: string;
  children: ReactNode;
}

/** A form in its own card, saved in place: "Updated" on success, the server's field errors on a refusal. */
export function FormCard<Values extends FormikValues>({
  title,
  initialValues,
  schema,
  send,
  submitLabel,
  onlyWhenChanged,
  resetAfterSave,
  maxW,
  children,
}: FormCardProps<Values>) {
  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    try {
      await send(values);
      showSuccess(translateMessage(MESSAGES.updated));
      if (resetAfterSave) helpers.resetForm({ values: initialValues });
    } catch (error) {
      helpers.setErrors(toFieldErrors(error) as Parameters<typeof helpers.setErrors>[0]);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body>
        {/* Reinitialised: a card whose values come from the stored user follows it after a save. */}
        <Formik<Values> initialValues={initialValues} validationSchema={schema} onSubmit={submit} enableReinitialize>
          {({ isSubmitting, dirty }) => (
            <Form noValidate aria-label={title}>
              <Stack gap="4" maxW={maxW}>
                {children}
                <Button
                  type="submit"
                  colorPalette="brand"
                  alignSelf="flex-start"
                  loading={isSubmitting}
                  disabled={onlyWhenChanged && !dirty}
                >
                  {submitLabel ?? <Trans>Save</Trans>}
                </Button>
              </Stack>
            </Form>
          )}
        </Formik>
      </Card.Body>
    </Card.Root>
  );
}
