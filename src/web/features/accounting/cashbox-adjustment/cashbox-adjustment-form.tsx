import { useLingui } from "@lingui/react/macro";
import { toIsoDate } from "../../../../core/dates";
import { cashboxAdjustmentSchema } from "../../../../core/validation/accounting-document-schemas";
import { DateField, NumberFormField, TextField, useFormField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { CashboxSelect } from "../../../components/selectors/cashbox-select";
import { useCurrentUser } from "../../../lib/use-permission";
import type { RowKey } from "../../../offline/sync-tables";
import { ADJUSTMENT_PATH, type AdjustmentRecord } from "./adjustment-record";
import { CountFigures } from "../../../components/cashbox-count/count-figures";
import { useServerCashboxBalance } from "../../../components/cashbox-count/use-cashbox-balance";

interface Values {
  cashbox: RowKey | null;
  counted_balance: string;
  reason: string;
  input_date: string;
  note: string;
  /** Not sent (the schema strips them): what an edit's adjustment was measured against, and on which cashbox. */
  stored_expected: string;
  stored_cashbox: number | null;
}

/** A counted balance against the ledger's: the difference is booked in or out with a reason. */
export default function CashboxAdjustmentForm() {
  const { t } = useLingui();
  const form = useRecordForm<Values, AdjustmentRecord>({
    resource: "cashbox-adjustment",
    listPath: ADJUSTMENT_PATH,
    schema: cashboxAdjustmentSchema,
    initialValues: {
      cashbox: null,
      counted_balance: "",
      reason: "",
      input_date: toIsoDate(new Date()),
      note: "",
      stored_expected: "",
      stored_cashbox: null,
    },
    fromRecord: (r) => ({
      cashbox: r.cashbox,
      counted_balance: r.counted_balance,
      reason: r.reason,
      input_date: r.input_date,
      note: r.note ?? "",
      stored_expected: r.expected_balance,
      stored_cashbox: r.cashbox,
    }),
  });
  return (
    <FormScreen
      title={form.isEdit ? t`Edit Cashbox Adjustment` : t`Add Cashbox Adjustment`}
      listPath={ADJUSTMENT_PATH}
      model="cashboxadjustment"
      {...form}
    >
      <CashboxField />
      <NumberFormField name="counted_balance" label={t`Counted Balance`} required min={0} hideStepper />
      <Figures />
      <TextField name="reason" label={t`Reason`} required />
      <DateField name="input_date" label={t`Date`} required />
      <TextField name="note" label={t`Note`} multiline />
    </FormScreen>
  );
}

function CashboxField() {
  const field = useFormField<RowKey | null>("cashbox");
  return (
    <CashboxSelect
      name="cashbox"
      value={field.value}
      onChange={(id) => field.setValue(id)}
      invalid={field.invalid}
      errorText={field.errorText}
      required
    />
  );
}

/** Expected is the ledger's balance now, or for an edit on the same cashbox the one the adjustment was measured against. */
function Figures() {
  const user = useCurrentUser();
  const cashbox = useFormField<RowKey | null>("cashbox").value;
  const counted = useFormField<string>("counted_balance").value;
  const stored = useFormField<string>("stored_expected").value;
  const storedCashbox = useFormField<number | null>("stored_cashbox").value;
  const same = stored !== "" && cashbox === storedCashbox;
  const live = useServerCashboxBalance(same ? null : cashbox);
  const expected = same ? stored : live;
  const currency = user?.cashboxes.find((c) => c.id === cashbox)?.currency.code ?? "";
  return <CountFigures expected={expected} counted={counted} currency={currency} />;
}
