import { Field, NativeSelect } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import type { CurrencyRef } from "../../../../core/api-types";
import { toIsoDate } from "../../../../core/dates";
import { exchangeRateSchema } from "../../../../core/validation/accounting-schemas";
import { DateField, NumberFormField, useFormField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { useAllList } from "../../../components/selectors/use-all-list";
import { refId } from "../../../components/table/ref-value";

const LIST_PATH = "/accounting/exchange-rate";

interface Values {
  currency: number | null;
  rate: string;
  input_date: string;
}

interface ExchangeRateRecord {
  currency: unknown;
  rate: string;
  input_date: string;
}

const fromRecord = (record: ExchangeRateRecord): Values => ({
  currency: refId(record.currency),
  rate: record.rate ?? "",
  input_date: (record.input_date ?? "").slice(0, 10),
});

export default function ExchangeRateForm() {
  const { t } = useLingui();
  const form = useRecordForm<Values, ExchangeRateRecord>({
    resource: "exchange-rate",
    listPath: LIST_PATH,
    schema: exchangeRateSchema,
    initialValues: { currency: null, rate: "", input_date: toIsoDate(new Date()) },
    fromRecord,
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Exchange Rate` : t`Add Exchange Rate`} listPath={LIST_PATH} model="exchangerate" {...form}>
      <CurrencyField />
      <NumberFormField name="rate" label={t`Rate`} required min={0} hideStepper />
      <DateField name="input_date" label={t`Date`} required />
    </FormScreen>
  );
}

function CurrencyField() {
  const { t } = useLingui();
  const field = useFormField<number | null>("currency");
  const currencies = useAllList<CurrencyRef>("currency/");
  return (
    <Field.Root invalid={field.invalid} required ids={{ control: "currency" }}>
      <Field.Label>
        {t`Currency`}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name="currency"
          value={field.value ?? ""}
          onChange={(event) => field.setValue(event.target.value === "" ? null : Number(event.target.value))}
        >
          <option value="">{t`Select`}</option>
          {currencies.items.map((currency) => (
            <option key={currency.id} value={currency.id}>
              {currency.code}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{field.errorText}</Field.ErrorText>
    </Field.Root>
  );
}
