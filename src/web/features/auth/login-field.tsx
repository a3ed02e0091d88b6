import { Field, Input } from "@chakra-ui/react";
import { useField } from "formik";
import type { ReactNode } from "react";
import { translateMessage } from "../../lib/messages";

/** A Formik-bound input with its translated error. */
export function LoginField(props: { name: string; label: ReactNode; type?: string; autoComplete?: string; autoFocus?: boolean }) {
  const [field, meta] = useField<string>(props.name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root invalid={invalid} required>
      <Field.Label>{props.label}</Field.Label>
      <Input {...field} type={props.type ?? "text"} autoComplete={props.autoComplete} autoFocus={props.autoFocus} size="lg" dir="auto" />
      {invalid && meta.error && <Field.ErrorText>{translateMessage(meta.error)}</Field.ErrorText>}
    </Field.Root>
  );
}
