import { useLingui } from "@lingui/react/macro";
import { cashboxTransferSchema } from "../../../../core/validation/accounting-schemas";
import { useFormField } from "../../../components/form/form-fields";
import { useRecordForm } from "../../../components/form/use-record-form";
import { MoneyFormShell, moneyValuesOf, newMoneyValues, type MoneyValues } from "../../../components/money-document/money-form-shell";
import { EntitySelect } from "../../../components/selectors/entity-select";
import { useCurrentUser } from "../../../lib/use-permission";
import type { RowKey } from "../../../offline/sync-tables";
import { TRANSFER_PATH, type TransferRecord } from "./transfer-record";

interface Values extends MoneyValues {
  from_cashbox: RowKey | null;
  to_cashbox: RowKey | null;
}

/** From one of the user's cashboxes to another of the same currency; the server checks the balance. */
export default function CashboxTransferForm() {
  const { t } = useLingui();
  const form = useRecordForm<Values, TransferRecord>({
    resource: "cashbox-transfer",
    listPath: TRANSFER_PATH,
    schema: cashboxTransferSchema,
    initialValues: { from_cashbox: null, to_cashbox: null, ...newMoneyValues() },
    fromRecord: (r) => ({ from_cashbox: r.from_cashbox, to_cashbox: r.to_cashbox, ...moneyValuesOf(r) }),
  });
  return (
    <MoneyFormShell
      title={form.isEdit ? t`Edit Cashbox Transfer` : t`Add Cashbox Transfer`}
      listPath={TRANSFER_PATH}
      model="cashbox"
      {...form}
    >
      <CashboxField name="from_cashbox" label={t`From Cashbox`} />
      <CashboxField name="to_cashbox" label={t`To Cashbox`} />
    </MoneyFormShell>
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
