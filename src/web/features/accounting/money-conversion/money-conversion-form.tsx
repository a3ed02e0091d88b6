import { useEffect, useRef } from "react";
import { Box, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toIsoDate } from "../../../../core/dates";
import { formatAmount, isDecimalString, isPositive } from "../../../../core/money";
import { convertedAmount, defaultConversionRate, type ConversionSide } from "../../../../core/money-conversion";
import { moneyConversionSchema } from "../../../../core/validation/accounting-document-schemas";
import { useDocumentCurrency } from "../../../components/document/use-document-currency";
import { DateField, NumberFormField, TextField, useFormField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { EntitySelect } from "../../../components/selectors/entity-select";
import { useCurrentUser } from "../../../lib/use-permission";
import type { RowKey } from "../../../offline/sync-tables";
import { CONVERSION_PATH, type ConversionRecord } from "./conversion-record";

interface Values {
  from_cashbox: RowKey | null;
  to_cashbox: RowKey | null;
  amount: string;
  exchange_rate: string;
  input_date: string;
  note: string;
}

/** From a cashbox in one currency to one in another: amount out, rate (the latest by default), amount in. */
export default function MoneyConversionForm() {
  const { t } = useLingui();
  const form = useRecordForm<Values, ConversionRecord>({
    resource: "money-conversion",
    listPath: CONVERSION_PATH,
    schema: moneyConversionSchema,
    initialValues: { from_cashbox: null, to_cashbox: null, amount: "", exchange_rate: "", input_date: toIsoDate(new Date()), note: "" },
    fromRecord: (r) => ({
      from_cashbox: r.from_cashbox,
      to_cashbox: r.to_cashbox,
      amount: r.amount,
      exchange_rate: r.exchange_rate,
      input_date: r.input_date,
      note: r.note ?? "",
    }),
  });
  return (
    <FormScreen
      title={form.isEdit ? t`Edit Money Conversion` : t`Add Money Conversion`}
      listPath={CONVERSION_PATH}
      model="cashboxmoneyconversion"
      {...form}
    >
      <CashboxField name="from_cashbox" label={t`From Cashbox`} />
      <CashboxField name="to_cashbox" label={t`To Cashbox`} />
      <NumberFormField name="amount" label={t`Amount Out`} required min={0} hideStepper />
      <RateField />
      <AmountIn />
      <DateField name="input_date" label={t`Date`} required />
      <TextField name="note" label={t`Note`} multiline />
    </FormScreen>
  );
}

/** The two cashboxes' sides as the conversion math needs them. */
function useSides(): { from: ConversionSide; to: ConversionSide; toCode: string; key: string } | null {
  const user = useCurrentUser();
  const { baseCurrency, rateOf } = useDocumentCurrency();
  const fromId = useFormField<RowKey | null>("from_cashbox").value;
  const toId = useFormField<RowKey | null>("to_cashbox").value;
  const from = user?.cashboxes.find((c) => c.id === fromId);
  const to = user?.cashboxes.find((c) => c.id === toId);
  if (!from || !to) return null;
  const side = (id: number): ConversionSide => ({ isBase: id === baseCurrency?.id, latestRate: rateOf(id) || null });
  return { from: side(from.currency.id), to: side(to.currency.id), toCode: to.currency.code, key: `${from.id}-${to.id}` };
}

/** The stated rate, filled with the latest exchange rate when the cashboxes are chosen and it is empty. */
function RateField() {
  const { t } = useLingui();
  const sides = useSides();
  const rate = useFormField<string>("exchange_rate");
  const proposed = sides ? defaultConversionRate(sides.from, sides.to) : null;
  const { value, setValue } = rate;
  // Filled when the pair of cashboxes changes (or first shows with no rate), never while the user types.
  const pair = sides ? sides.key : null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    // Waits for the rates too (start-up may still be loading them).
    if (pair === null || proposed === null || pair === seen.current) return;
    const first = seen.current === null;
    seen.current = pair;
    if (proposed && (!first || !value)) setValue(proposed);
  }, [pair, proposed, value, setValue]);
  return <NumberFormField name="exchange_rate" label={t`Exchange Rate`} required min={0} hideStepper />;
}

/** What enters the target cashbox at the stated rate (the server computes the same). */
function AmountIn() {
  const sides = useSides();
  const amount = useFormField<string>("amount").value;
  const rate = useFormField<string>("exchange_rate").value;
  const ready = sides && isDecimalString(String(amount ?? "")) && isDecimalString(String(rate ?? "")) && isPositive(rate);
  return (
    <Box data-testid="amount-in">
      <Text color="fg.muted" fontSize="sm">
        <Trans>Amount In</Trans>
      </Text>
      <Text fontWeight="semibold">
        {ready ? `${formatAmount(convertedAmount(amount, rate, sides.from, sides.to))} ${sides.toCode}` : "-"}
      </Text>
    </Box>
  );
}

/** Every cashbox of the user's branches, named with its currency; the target is of another currency. */
function CashboxField({ name, label }: { name: "from_cashbox" | "to_cashbox"; label: string }) {
  const user = useCurrentUser();
  const field = useFormField<RowKey | null>(name);
  const from = useFormField<RowKey | null>("from_cashbox");
  const all = user?.cashboxes ?? [];
  const source = all.find((c) => c.id === from.value);
  const items = name === "to_cashbox" ? all.filter((c) => !source || c.currency.id !== source.currency.id) : all;
  return (
    <EntitySelect
      label={label}
      name={name}
      items={items}
      itemLabel={(c) => `${c.name} (${c.currency.code})`}
      value={field.value}
      onChange={(id) => field.setValue(id)}
      invalid={field.invalid}
      errorText={field.errorText}
      required
    />
  );
}
