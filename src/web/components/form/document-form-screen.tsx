import { useEffect, useRef, type ReactNode } from "react";
import { Alert, Card, Center, Flex, Spinner, Text } from "@chakra-ui/react";
import { FormikProvider, type FormikProps, type FormikValues } from "formik";
import { Trans } from "@lingui/react/macro";
import { translateMessage } from "../../lib/messages";
import { useOnline } from "../../offline/sync-status";
import { CardTitle } from "../card-title";
import { SaveButton } from "../save-button";
import { focusFirstField, handleEnterToNext } from "./enter-navigation";

export interface DocumentFormScreenProps<Values extends FormikValues> {
  title: ReactNode;
  listPath: string;
  formik: FormikProps<Values>;
  isEdit: boolean;
  loading?: boolean;
  loadFailed?: boolean;
  /** Why this record cannot be edited (English SPEC message): shown instead of the form. */
  refusal?: string | null;
  /** Django model name: Save needs add_<model> on create, change_<model> on edit. */
  model: string;
  children: ReactNode;
  /** Shown beside the save button (totals...). */
  footer?: ReactNode;
}

/** A document form: title with back and close, refusal up front, Enter-to-next, save; edits need a connection. */
export function DocumentFormScreen<Values extends FormikValues>(props: DocumentFormScreenProps<Values>) {
  const { formik, isEdit, loading, loadFailed, refusal } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const online = useOnline();
  const editBlocked = isEdit && !online;
  useEffect(() => {
    if (!loading) focusFirstField(formRef.current);
  }, [loading]);
  const status = formik.status as { message?: string } | undefined;
  const itemsError = typeof formik.errors.items === "string" ? formik.errors.items : null;

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle title={props.title} back={props.listPath} close={props.listPath} />
        {loading ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : loadFailed ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>The record could not be loaded.</Trans>
            </Alert.Title>
          </Alert.Root>
        ) : refusal ? (
          <Alert.Root status="warning" data-testid="edit-refused">
            <Alert.Indicator />
            <Alert.Title>{translateMessage(refusal)}</Alert.Title>
          </Alert.Root>
        ) : (
          <FormikProvider value={formik}>
            <form ref={formRef} noValidate onSubmit={formik.handleSubmit} onKeyDown={handleEnterToNext}>
              {props.children}
              {status?.message || (itemsError && formik.submitCount > 0) ? (
                <Alert.Root status="error" mt="4">
                  <Alert.Indicator />
                  <Alert.Title>{translateMessage(status?.message ?? itemsError ?? "")}</Alert.Title>
                </Alert.Root>
              ) : null}
              <Flex justify="space-between" align="start" gap="4" mt="6" wrap="wrap">
                <div>{props.footer}</div>
                <Flex align="center" gap="3" wrap="wrap">
                  {editBlocked ? (
                    <Text fontSize="sm" color="fg.warning" data-testid="edit-offline-reason">
                      <Trans>Editing needs a connection</Trans>
                    </Text>
                  ) : null}
                  <SaveButton size="lg" permissions={[isEdit ? `change_${props.model}` : `add_${props.model}`]} loading={formik.isSubmitting} disabled={editBlocked} />
                </Flex>
              </Flex>
            </form>
          </FormikProvider>
        )}
      </Card.Body>
    </Card.Root>
  );
}
