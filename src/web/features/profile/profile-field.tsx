import { Field, Input } from "@chakra-ui/react";
import { useField } from "formik";
import type { ReactNode } from "react";
import { translateMessage } from "../../lib/messages";

/** A Formik-bound input with its translated error (yup or server). */
export function ProfileField(props: { name: string; label: ReactNode; type?: string; autoComplete?: string; required?: boolean }) {
  const [field, meta] = useField<string>(props.name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid} required={props.required}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...field} value={field.value ?? ""} type={props.type ?? "text"} autoComplete={props.autoComplete} dir="auto" />
      {invalid && meta.error && <Field.ErrorText>{translateMessage(meta.error)}</Field.ErrorText>}
    </Field.Root>
  );
}
