import type { ReactNode } from "react";
import type { FormikValues } from "formik";
import { Alert, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatAmount, tryMoney } from "../../../core/money";
import { useCurrentUser } from "../../lib/use-permission";
import { pendingMoveOf, shownBalance } from "../../offline/cashbox-overlay";
import { useNetworkGate } from "../../offline/network-gate";
import { useCashboxOverlay } from "../../offline/use-cashbox-overlay";
import { toIsoDate } from "../../../core/dates";
import type { RowKey } from "../../offline/sync-tables";
import { DateField, NumberFormField, TextField, useFormField } from "../form/form-fields";
import { FormScreen, type FormScreenProps } from "../form/form-screen";
import { BranchSelect } from "../selectors/branch-select";
import { CashboxSelect } from "../selectors/cashbox-select";

/** The fields every money document has: amount (in its cashbox's currency), date and note. */
export interface MoneyValues {
  amount: string;
  input_date: string;
  note: string;
}

/** A money document kept in one branch's cashbox (expense, income, receipt, payment). */
export interface BranchMoneyValues extends MoneyValues {
  branch: RowKey | null;
  cashbox: RowKey | null;
}

export const newMoneyValues = (): MoneyValues => ({ amount: "", input_date: toIsoDate(new Date()), note: "" });

export const newBranchMoneyValues = (branch: RowKey | null): BranchMoneyValues => ({ branch, cashbox: null, ...newMoneyValues() });

/** The shared fields of a loaded record, for `fromRecord`. */
export const moneyValuesOf = (r: { amount: string; input_date: string; note: string | null }): MoneyValues => ({
  amount: r.amount,
  input_date: r.input_date,
  note: r.note ?? "",
});

export const branchMoneyValuesOf = (r: { branch: number; cashbox: number; amount: string; input_date: string; note: string | null }) => ({
  branch: r.branch,
  cashbox: r.cashbox,
  ...moneyValuesOf(r),
});

/** The request body's shared fields. */
export const branchMoneyBody = (v: BranchMoneyValues) => ({
  branch: v.branch,
  cashbox: v.cashbox,
  amount: v.amount,
  input_date: v.input_date,
  note: v.note,
});

interface MoneyFormShellProps<Values extends FormikValues> extends Omit<FormScreenProps<Values>, "children"> {
  /** The document's own fields, before the amount. */
  children: ReactNode;
  /** Under the note (a hint, the invoices it settles). */
  footer?: ReactNode;
  /** Saving needs the server (a transfer, a conversion): offline the form says so first. */
  needsNetwork?: boolean;
}

/** The form of every money document: its own fields, then amount, date and note, then Save. */
export function MoneyFormShell<Values extends FormikValues>({ children, footer, needsNetwork, ...screen }: MoneyFormShellProps<Values>) {
  const { t } = useLingui();
  const gate = useNetworkGate();
  return (
    <FormScreen {...screen}>
      {needsNetwork && gate.blocked ? (
        <Alert.Root status="warning" size="sm" gridColumn="1 / -1" data-testid="form-needs-network">
          <Alert.Indicator />
          <Alert.Title>{gate.reason}</Alert.Title>
        </Alert.Root>
      ) : null}
      {children}
      <NumberFormField name="amount" label={t`Amount`} required min={0} hideStepper />
      <DateField name="input_date" label={t`Date`} required />
      <TextField name="note" label={t`Note`} multiline />
      {footer}
    </FormScreen>
  );
}

export function BranchField() {
  const field = useFormField<RowKey | null>("branch");
  return (
    <BranchSelect
      name="branch"
      value={field.value}
      onChange={field.setValue}
      invalid={field.invalid}
      errorText={field.errorText}
      required
    />
  );
}

/** The user's cashboxes of the branch the form has chosen, with the chosen one's balance as the device knows it. */
export function BranchCashboxField() {
  const field = useFormField<RowKey | null>("cashbox");
  const branch = useFormField<RowKey | null>("branch");
  return (
    <Stack gap="1">
      <CashboxSelect
        name="cashbox"
        branchId={typeof branch.value === "number" ? branch.value : null}
        value={field.value}
        onChange={field.setValue}
        invalid={field.invalid}
        errorText={field.errorText}
        required
      />
      {typeof field.value === "number" ? <CashboxBalanceHint id={field.value} /> : null}
    </Stack>
  );
}

/** "Balance: 1,250,000 IQD", the last balance read plus what this device keyed since (cashbox-overlay.ts). */
function CashboxBalanceHint({ id }: { id: number }) {
  const user = useCurrentUser();
  const overlay = useCashboxOverlay();
  const balance = shownBalance(overlay, id);
  if (balance === null) return null;
  const amount = `${formatAmount(tryMoney(balance) ?? 0)} ${user?.cashboxes?.find((c) => c.id === id)?.currency.code ?? ""}`;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="cashbox-balance-hint">
      {pendingMoveOf(overlay, id).isZero() ? (
        <Trans>Cashbox balance: {amount}</Trans>
      ) : (
        <Trans>Cashbox balance: {amount} (with what waits to sync)</Trans>
      )}
    </Text>
  );
}
