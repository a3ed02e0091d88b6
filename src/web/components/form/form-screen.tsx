import type { ReactNode } from "react";
import { Card, Flex, SimpleGrid } from "@chakra-ui/react";
import { FormikProvider, type FormikProps, type FormikValues } from "formik";
import { CardTitle } from "../card-title";
import { handleEnterToNext } from "./enter-navigation";
import { FormSaveButton, RecordLoadState, useFirstFieldFocus } from "./form-screen-parts";

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
  const formRef = useFirstFieldFocus(loading);
  return (
    <Card.Root maxW="4xl" mx="auto">
      <Card.Body>
        <CardTitle title={title} back={listPath} close={listPath} />
        <RecordLoadState loading={loading} loadFailed={loadFailed}>
          <FormikProvider value={formik}>
            <form ref={formRef} noValidate onSubmit={formik.handleSubmit} onKeyDown={handleEnterToNext}>
              <SimpleGrid columns={{ base: 1, md: columns }} gap="4">
                {children}
              </SimpleGrid>
              <Flex justify="end" align="center" gap="3" mt="6" wrap="wrap">
                <FormSaveButton model={model} isEdit={isEdit} submitting={formik.isSubmitting} />
              </Flex>
            </form>
          </FormikProvider>
        </RecordLoadState>
      </Card.Body>
    </Card.Root>
  );
}
