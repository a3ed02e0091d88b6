import { useFormField } from "../form/form-fields";
import type { RowKey } from "../../offline/sync-tables";

/** The props binding a reference selector to a Formik field: name, value, setter, error. */
export function useBoundSelector(name: string) {
  const field = useFormField<RowKey | null>(name);
  return { name, value: field.value, onChange: field.setValue, invalid: field.invalid, errorText: field.errorText };
}
