import { Flex, SimpleGrid } from "@chakra-ui/react";
import type { FormikValues } from "formik";
import { FormSaveButton, RecordFormFrame, RefusalAlert, type RecordFormScreenProps } from "./form-screen-parts";

/** Its children are the fields, laid out in a responsive grid of `columns`. */
export interface FormScreenProps<Values extends FormikValues> extends RecordFormScreenProps<Values> {
  columns?: number;
  /** Why this record cannot be edited (English SPEC message): shown instead of the form. */
  refusal?: string | null;
}

/** A master-data form screen: card title with back and close, the fields, Enter-to-next, and Save. */
export function FormScreen<Values extends FormikValues>({
  title,
  listPath,
  formik,
  isEdit,
  loading,
  loadFailed,
  model,
  children,
  columns = 2,
  refusal,
}: FormScreenProps<Values>) {
  return (
    <RecordFormFrame
      title={title}
      listPath={listPath}
      formik={formik}
      loading={loading}
      loadFailed={loadFailed}
      instead={refusal ? <RefusalAlert refusal={refusal} /> : null}
      cardProps={{ maxW: "4xl", mx: "auto" }}
    >
      <SimpleGrid columns={{ base: 1, md: columns }} gap="4">
        {children}
      </SimpleGrid>
      <Flex justify="end" align="center" gap="3" mt="6" wrap="wrap">
        <FormSaveButton model={model} isEdit={isEdit} submitting={formik.isSubmitting} />
      </Flex>
    </RecordFormFrame>
  );
}
