import { useEffect, useRef, type ReactNode } from "react";
import { Alert, Card, Center, Spinner, Text, type ButtonProps, type CardRootProps } from "@chakra-ui/react";
import { FormikProvider, type FormikProps, type FormikValues } from "formik";
import { Trans } from "@lingui/react/macro";
import { useOnline } from "../../offline/online";
import { translateMessage } from "../../lib/messages";
import { CardTitle } from "../card-title";
import { SaveButton } from "../save-button";
import { focusFirstField, handleEnterToNext } from "./enter-navigation";

/** What a record's form screen takes: title, list, the form and its load state, and the model Save is allowed by. */
export interface RecordFormScreenProps<Values extends FormikValues> {
  title: ReactNode;
  /** Where back and close go. */
  listPath: string;
  formik: FormikProps<Values>;
  isEdit: boolean;
  loading?: boolean;
  loadFailed?: boolean;
  /** Django model name: Save needs add_<model> on create, change_<model> on edit. */
  model: string;
  children: ReactNode;
}

export interface RecordFormFrameProps<Values extends FormikValues> extends Omit<RecordFormScreenProps<Values>, "isEdit" | "model"> {
  /** Shown instead of the form (why this record cannot be edited). */
  instead?: ReactNode;
  cardProps?: CardRootProps;
}

/**
 * The frame of a record's form screen: card title with back and close, a spinner while the record
 * loads (an error when it could not be), then the Formik form: Enter moves to the next field, and the
 * first field takes the focus once the record has loaded.
 */
export function RecordFormFrame<Values extends FormikValues>({
  title,
  listPath,
  formik,
  loading,
  loadFailed,
  instead,
  cardProps,
  children,
}: RecordFormFrameProps<Values>) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!loading) focusFirstField(formRef.current);
  }, [loading]);
  return (
    <Card.Root {...cardProps}>
      <Card.Body>
        <CardTitle title={title} back={listPath} close={listPath} />
        <RecordLoadState loading={loading} loadFailed={loadFailed}>
          {instead ?? (
            <FormikProvider value={formik}>
              <form ref={formRef} noValidate onSubmit={formik.handleSubmit} onKeyDown={handleEnterToNext}>
                {children}
              </form>
            </FormikProvider>
          )}
        </RecordLoadState>
      </Card.Body>
    </Card.Root>
  );
}

/** Why this record cannot be edited (an English SPEC message), shown instead of its form. */
export function RefusalAlert({ refusal }: { refusal: string }) {
  return (
    <Alert.Root status="warning" data-testid="edit-refused">
      <Alert.Indicator />
      <Alert.Title>{translateMessage(refusal)}</Alert.Title>
    </Alert.Root>
  );
}

/** A spinner while the record loads, an error when it could not be loaded, else the content. */
function RecordLoadState({ loading, loadFailed, children }: { loading?: boolean; loadFailed?: boolean; children: ReactNode }) {
  if (loading) {
    return (
      <Center py="10">
        <Spinner />
      </Center>
    );
  }
  if (loadFailed) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>
          <Trans>The record could not be loaded.</Trans>
        </Alert.Title>
      </Alert.Root>
    );
  }
  return children;
}

export interface FormSaveButtonProps {
  /** Django model name: Save needs add_<model> on create, change_<model> on edit. */
  model: string;
  isEdit: boolean;
  submitting: boolean;
  size?: ButtonProps["size"];
}

/** Save, with the permission of a create or an edit; edits need the server (DESIGN section 4: only creates are queued offline). */
export function FormSaveButton({ model, isEdit, submitting, size }: FormSaveButtonProps) {
  const online = useOnline();
  const editBlocked = isEdit && !online;
  return (
    <>
      {editBlocked ? (
        <Text fontSize="sm" color="fg.warning" data-testid="edit-offline-reason">
          <Trans>Editing needs a connection</Trans>
        </Text>
      ) : null}
      <SaveButton size={size} permissions={[isEdit ? `change_${model}` : `add_${model}`]} loading={submitting} disabled={editBlocked} />
    </>
  );
}
