import { useEffect, useRef, type ReactNode } from "react";
import { Alert, Card, Center, Flex, SimpleGrid, Spinner, Text } from "@chakra-ui/react";
import { FormikProvider, type FormikProps, type FormikValues } from "formik";
import { Trans } from "@lingui/react/macro";
import { useOnline } from "../../offline/sync-status";
import { CardTitle } from "../card-title";
import { SaveButton } from "../save-button";
import { focusFirstField, handleEnterToNext } from "./enter-navigation";

export interface FormScreenProps<Values extends FormikValues> {
  title: ReactNode;
  listPath: string;
  formik: FormikProps<Values>;
  isEdit: boolean;
  loading?: boolean;
  loadFailed?: boolean;
  /** Django model name: Save needs add_<model> on create, change_<model> on edit. */
  model: string;
  /** Fields laid out in a responsive grid. */
  children: ReactNode;
  columns?: number;
}

/** A master-data form screen: card title with back and close, the fields, Enter-to-next, and Save. */
export function FormScreen<Values extends FormikValues>({ title, listPath, formik, isEdit, loading, loadFailed, model, children, columns = 2 }: FormScreenProps<Values>) {
  const formRef = useRef<HTMLFormElement>(null);
  // Edits need the server (DESIGN section 4): only creates are queued offline.
  const online = useOnline();
  const editBlocked = isEdit && !online;
  useEffect(() => {
    if (!loading) focusFirstField(formRef.current);
  }, [loading]);

  return (
    <Card.Root maxW="4xl" mx="auto">
      <Card.Body>
        <CardTitle title={title} back={listPath} close={listPath} />
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
        ) : (
          <FormikProvider value={formik}>
            <form ref={formRef} noValidate onSubmit={formik.handleSubmit} onKeyDown={handleEnterToNext}>
              <SimpleGrid columns={{ base: 1, md: columns }} gap="4">
                {children}
              </SimpleGrid>
              <Flex justify="end" align="center" gap="3" mt="6" wrap="wrap">
                {editBlocked ? (
                  <Text fontSize="sm" color="fg.warning" data-testid="edit-offline-reason">
                    <Trans>Editing needs a connection</Trans>
                  </Text>
                ) : null}
                <SaveButton permissions={[isEdit ? `change_${model}` : `add_${model}`]} loading={formik.isSubmitting} disabled={editBlocked} />
              </Flex>
            </form>
          </FormikProvider>
        )}
      </Card.Body>
    </Card.Root>
  );
}
