import { Field, NativeSelect } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useFormField } from "../form/form-fields";

/** A form field picking one of a few fixed values (gender, salary structure). */
export function ChoiceField({
  name,
  label,
  choices,
  required,
}: {
  name: string;
  label: string;
  choices: readonly { id: string; name: string }[];
  required?: boolean;
}) {
  const { t } = useLingui();
  const field = useFormField<string>(name);
  return (
    <Field.Root invalid={field.invalid} required={required} ids={{ control: name }}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          id={name}
          name={name}
          aria-label={label}
          value={field.value ?? ""}
          onChange={(event) => field.setValue(event.target.value)}
        >
          <option value="">{t`Select`}</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{field.errorText}</Field.ErrorText>
    </Field.Root>
  );
}
