import { useEffect, useRef, type ReactNode } from "react";
import { Alert, Center, Spinner, Text, type ButtonProps } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { useOnline } from "../../offline/sync-status";
import { SaveButton } from "../save-button";
import { focusFirstField } from "./enter-navigation";

/** The form's ref: its first field takes the focus once the record has loaded. */
export function useFirstFieldFocus(loading: boolean | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!loading) focusFirstField(formRef.current);
  }, [loading]);
  return formRef;
}

/** A spinner while the record loads, an error when it could not be loaded, else the form. */
export function RecordLoadState({ loading, loadFailed, children }: { loading?: boolean; loadFailed?: boolean; children: ReactNode }) {
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
