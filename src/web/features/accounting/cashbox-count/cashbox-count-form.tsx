import { Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { cashboxCountSchema } from "../../../../core/validation/accounting-document-schemas";
import { NumberFormField, TextField, useFormField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { CashboxSelect } from "../../../components/selectors/cashbox-select";
import { useCurrentUser } from "../../../lib/use-permission";
import { useNetworkGate } from "../../../offline/network-gate";
import type { RowKey } from "../../../offline/sync-tables";
import { CountFigures } from "../../../components/cashbox-count/count-figures";
import { useServerCashboxBalance } from "../../../components/cashbox-count/use-cashbox-balance";
import { COUNT_PATH } from "./count-record";
import { ZReportPanel } from "./z-report-panel";

interface Values {
  cashbox: RowKey | null;
  counted_balance: string;
  shift: string;
  note: string;
}

/**
 * Count a cashbox at the end of a day or shift: the ledger's balance (read from the server now), the
 * counted cash and the difference, which saving books as an adjustment. Closed by the signed-in user.
 */
export default function CashboxCountForm() {
  const { t } = useLingui();
  const form = useRecordForm<Values>({
    resource: "cashbox-count",
    listPath: COUNT_PATH,
    schema: cashboxCountSchema,
    initialValues: { cashbox: null, counted_balance: "", shift: "", note: "" },
  });
  return (
    <FormScreen title={t`Count Cashbox`} listPath={COUNT_PATH} model="cashboxadjustment" {...form}>
      <CashboxField />
      <TextField name="shift" label={t`Shift`} />
      <NumberFormField name="counted_balance" label={t`Counted Cash`} required min={0} hideStepper />
      <Figures />
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

function Figures() {
  const user = useCurrentUser();
  const gate = useNetworkGate();
  const cashbox = useFormField<RowKey | null>("cashbox").value;
  const counted = useFormField<string>("counted_balance").value;
  const expected = useServerCashboxBalance(cashbox);
  const currency = user?.cashboxes.find((c) => c.id === cashbox)?.currency.code ?? "";
  return (
    <>
      <CountFigures expected={expected} counted={counted} currency={currency} />
      {gate.blocked ? <Text color="orange.600">{gate.reason}</Text> : null}
      <Text fontSize="sm" color="fg.muted">
        <Trans>Saving closes the count: a difference is booked as a cashbox adjustment.</Trans>
      </Text>
      {typeof cashbox === "number" && !gate.blocked ? <ZReportPanel cashboxId={cashbox} currency={currency} /> : null}
    </>
  );
}
