import { useState, type FocusEventHandler } from "react";
import { Field } from "@chakra-ui/react";
import { DateInput, useDateProblem } from "./date-input";

export interface LabelledDateInputProps {
  name: string;
  label: string;
  /** yyyy-MM-dd, "" (or null) when empty, or the text typed when it is not a date. */
  value: string | null | undefined;
  onValueChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** The form's own error for the field (schema, server), shown when the typed text gives no better reason. */
  errorText?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A labelled DateInput that says why a typed date is refused ("31/02/2026 is not a valid date",
 * "Enter the date as DD/MM/YYYY") once the user has left it, so no form refuses a date silently.
 */
export function LabelledDateInput({ name, label, value, onValueChange, onBlur, errorText, required, disabled }: LabelledDateInputProps) {
  const problem = useDateProblem()(value);
  // Not while a date is still being typed: from the first blur on, or once the form reports an error.
  const [left, setLeft] = useState(false);
  const shown = left || errorText ? (problem ?? errorText) : undefined;
  return (
    <Field.Root invalid={Boolean(shown)} required={required} ids={{ control: name }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <DateInput
        name={name}
        value={value}
        onValueChange={onValueChange}
        disabled={disabled}
        onBlur={(event) => {
          setLeft(true);
          onBlur?.(event);
        }}
      />
      <Field.ErrorText>{shown}</Field.ErrorText>
    </Field.Root>
  );
}
