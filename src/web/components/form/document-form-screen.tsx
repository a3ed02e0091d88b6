import type { ReactNode } from "react";
import { Alert, Flex } from "@chakra-ui/react";
import type { FormikValues } from "formik";
import { translateMessage } from "../../lib/messages";
import { FormSaveButton, RecordFormFrame, RefusalAlert, type RecordFormScreenProps } from "./form-screen-parts";

export interface DocumentFormScreenProps<Values extends FormikValues> extends RecordFormScreenProps<Values> {
  /** Why this record cannot be edited (English SPEC message): shown instead of the form. */
  refusal?: string | null;
  /** Shown beside the save button (totals...). */
  footer?: ReactNode;
}

/** A document form: title with back and close, refusal up front, Enter-to-next, save; edits need a connection. */
export function DocumentFormScreen<Values extends FormikValues>(props: DocumentFormScreenProps<Values>) {
  const { formik, isEdit, loading, loadFailed, refusal } = props;
  const status = formik.status as { message?: string } | undefined;
  const itemsError = typeof formik.errors.items === "string" ? formik.errors.items : null;

  const refused = refusal ? <RefusalAlert refusal={refusal} /> : null;

  return (
    <RecordFormFrame
      title={props.title}
      listPath={props.listPath}
      formik={formik}
      loading={loading}
      loadFailed={loadFailed}
      instead={refused}
    >
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
    </RecordFormFrame>
  );
}
