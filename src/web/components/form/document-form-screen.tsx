import type { ReactNode } from "react";
import { Alert, Card, Flex } from "@chakra-ui/react";
import { FormikProvider, type FormikProps, type FormikValues } from "formik";
import { translateMessage } from "../../lib/messages";
import { CardTitle } from "../card-title";
import { handleEnterToNext } from "./enter-navigation";
import { FormSaveButton, RecordLoadState, useFirstFieldFocus } from "./form-screen-parts";

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
  const formRef = useFirstFieldFocus(loading);
  const status = formik.status as { message?: string } | undefined;
  const itemsError = typeof formik.errors.items === "string" ? formik.errors.items : null;

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle title={props.title} back={props.listPath} close={props.listPath} />
        <RecordLoadState loading={loading} loadFailed={loadFailed}>
          {refusal ? (
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
                    <FormSaveButton size="lg" model={props.model} isEdit={isEdit} submitting={formik.isSubmitting} />
                  </Flex>
                </Flex>
              </form>
            </FormikProvider>
          )}
        </RecordLoadState>
      </Card.Body>
    </Card.Root>
  );
}
