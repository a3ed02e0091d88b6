import { useLingui } from "@lingui/react/macro";
import { toIsoDate } from "../../../../core/dates";
import { cashboxTransferSchema } from "../../../../core/validation/accounting-schemas";
import { DateField, NumberFormField, TextField, useFormField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { EntitySelect } from "../../../components/selectors/entity-select";
import { useCurrentUser } from "../../../lib/use-permission";
import type { RowKey } from "../../../offline/sync-tables";
import { TRANSFER_ENDPOINT, TRANSFER_PATH, type TransferRecord } from "./transfer-record";

interface Values {
  from_cashbox: RowKey | null;
  to_cashbox: RowKey | null;
  amount: string;
  input_date: string;
  note: string;
}

/** From one of the user's cashboxes to another of the same currency; the server checks the balance. */
export default function CashboxTransferForm() {
  const { t } = useLingui();
  const form = useRecordForm<Values, TransferRecord>({
    endpoint: TRANSFER_ENDPOINT,
    listPath: TRANSFER_PATH,
    schema: cashboxTransferSchema,
    initialValues: { from_cashbox: null, to_cashbox: null, amount: "", input_date: toIsoDate(new Date()), note: "" },
    fromRecord: (r) => ({
      from_cashbox: r.from_cashbox,
      to_cashbox: r.to_cashbox,
      amount: r.amount,
      input_date: r.input_date,
      note: r.note ?? "",
    }),
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Cashbox Transfer` : t`Add Cashbox Transfer`} listPath={TRANSFER_PATH} model="cashbox" {...form}>
      <CashboxField name="from_cashbox" label={t`From Cashbox`} />
      <CashboxField name="to_cashbox" label={t`To Cashbox`} />
      <NumberFormField name="amount" label={t`Amount`} required min={0} hideStepper />
      <DateField name="input_date" label={t`Date`} required />
      <TextField name="note" label={t`Note`} multiline />
    </FormScreen>
  );
}

/** Every cashbox of the user's branches (the receiving one may be in another of them), named with its currency. */
function CashboxField({ name, label }: { name: "from_cashbox" | "to_cashbox"; label: string }) {
  const user = useCurrentUser();
  const field = useFormField<RowKey | null>(name);
  const from = useFormField<RowKey | null>("from_cashbox");
  const all = user?.cashboxes ?? [];
  const source = all.find((c) => c.id === from.value);
  // The receiving cashbox: another one, of the source's currency.
  const items = name === "to_cashbox" ? all.filter((c) => c.id !== from.value && (!source || c.currency.id === source.currency.id)) : all;
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
