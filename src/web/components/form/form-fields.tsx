import type { ReactNode } from "react";
import { Checkbox, Field, Input, Textarea } from "@chakra-ui/react";
import { useField, useFormikContext } from "formik";
import { translateMessage } from "../../lib/messages";
import { NumberField } from "../number-field";
import { LabelledDateInput } from "./labelled-date-input";

/** The field's error text, translated, once touched or after a submit attempt or from the server. */
export function useFieldError(name: string): string | undefined {
  const [, meta] = useField(name);
  const { submitCount } = useFormikContext();
  const error = typeof meta.error === "string" ? meta.error : undefined;
  return error && (meta.touched || submitCount > 0) ? translateMessage(error) : undefined;
}

/** Value, setter and error of a form field, for selectors and custom widgets. */
export function useFormField<T>(name: string) {
  const [field, , helpers] = useField<T>(name);
  const errorText = useFieldError(name);
  return {
    value: field.value,
    setValue: (value: T) => {
      void helpers.setValue(value);
      void helpers.setTouched(true, false);
    },
    invalid: Boolean(errorText),
    errorText,
  };
}

interface BaseFieldProps {
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
}

/** Label, required mark and error text around one form control. */
function LabelledField({
  name,
  label,
  required,
  errorText,
  children,
}: {
  name: string;
  label: string;
  required?: boolean;
  errorText?: string;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(errorText)} required={required} ids={{ control: name }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      <Field.ErrorText>{errorText}</Field.ErrorText>
    </Field.Root>
  );
}

/** `type="date"` gives the DateField, so no form falls back to the browser's own date input. */
export function TextField({
  name,
  label,
  required,
  disabled,
  type = "text",
  multiline,
}: BaseFieldProps & { type?: string; multiline?: boolean }) {
  if (type === "date") return <DateField name={name} label={label} required={required} disabled={disabled} />;
  return <PlainTextField name={name} label={label} required={required} disabled={disabled} type={type} multiline={multiline} />;
}

function PlainTextField({ name, label, required, disabled, type, multiline }: BaseFieldProps & { type: string; multiline?: boolean }) {
  const [field] = useField<string | null>(name);
  const errorText = useFieldError(name);
  const props = { ...field, value: field.value ?? "", disabled };
  return (
    <LabelledField name={name} label={label} required={required} errorText={errorText}>
      {multiline ? <Textarea {...props} rows={3} /> : <Input {...props} type={type} autoComplete="off" />}
    </LabelledField>
  );
}

/**
 * A date typed as DD/MM/YYYY (see DateInput); the form holds yyyy-MM-dd, or the typed text while it is
 * not a date, so the schema refuses it and the field says why.
 */
export function DateField({ name, label, required, disabled }: BaseFieldProps) {
  const [field, , helpers] = useField<string | null>(name);
  const errorText = useFieldError(name);
  return (
    <LabelledDateInput
      name={name}
      label={label}
      required={required}
      disabled={disabled}
      value={field.value}
      onValueChange={(value) => void helpers.setValue(value)}
      onBlur={field.onBlur}
      errorText={errorText}
    />
  );
}

export function NumberFormField({
  name,
  label,
  required,
  disabled,
  min,
  max,
  step,
  currency,
  decimals,
  hideStepper,
}: BaseFieldProps & { min?: number; max?: number; step?: number; currency?: boolean; decimals?: 0 | 1 | 2; hideStepper?: boolean }) {
  const [field, , helpers] = useField<string | null>(name);
  const errorText = useFieldError(name);
  return (
    <LabelledField name={name} label={label} required={required} errorText={errorText}>
      <NumberField
        name={name}
        value={field.value ?? ""}
        onValueChange={(value) => void helpers.setValue(value)}
        onBlur={field.onBlur}
        min={min}
        max={max}
        step={step}
        currency={currency}
        decimals={decimals}
        hideStepper={hideStepper}
        disabled={disabled}
      />
    </LabelledField>
  );
}

export function CheckboxField({ name, label, disabled }: BaseFieldProps) {
  const [field, , helpers] = useField<boolean>(name);
  const errorText = useFieldError(name);
  return (
    <Field.Root invalid={Boolean(errorText)}>
      <Checkbox.Root
        checked={Boolean(field.value)}
        disabled={disabled}
        onCheckedChange={(details) => void helpers.setValue(details.checked === true)}
      >
        <Checkbox.HiddenInput name={name} />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      <Field.ErrorText>{errorText}</Field.ErrorText>
    </Field.Root>
  );
}
