import { Flex, SimpleGrid } from "@chakra-ui/react";
import type { FormikValues } from "formik";
import { useRecordRoute } from "../record-route";
import { FormSaveButton, RecordFormFrame, RefusalAlert, type RecordFormScreenProps } from "./form-screen-parts";

/** Its children are the fields, laid out in a responsive grid of `columns`. */
export interface FormScreenProps<Values extends FormikValues> extends Omit<RecordFormScreenProps<Values>, "listPath" | "model"> {
  /** Where back and close go; by default the list of the route's record kind. */
  listPath?: string;
  /** Django model name of the Save permission; by default the route's record kind's. */
  model?: string;
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
  const kind = useRecordRoute();
  listPath ??= kind ? `/${kind.path}` : "/";
  model ??= kind?.model ?? "";
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
