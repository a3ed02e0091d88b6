import { Alert, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { checkCreditLimit } from "../../../core/credit-limit";
import { formatAmount, isPositive, type MoneyInput } from "../../../core/money";
import type { RowKey } from "../../offline/sync-tables";
import { useCustomerBalance } from "./customer-balance";

const shown = (v: MoneyInput) => formatAmount(v, { trimZeros: true });

interface CustomerCreditNoticeProps {
  customer: RowKey | null | undefined;
  /** What this sale leaves unpaid, in the sale's currency. */
  owed: MoneyInput;
  /** Base units per unit of the sale's currency. */
  rate: MoneyInput;
  baseCode: string;
  /** Changes when the balance should be read again (a sale was saved). */
  refresh?: unknown;
}

/**
 * The picked customer's balance (base currency) and, past their credit limit, a warning that does not
 * block the sale (core credit-limit.ts). Shown at the counter and on the sale form.
 */
export function CustomerCreditNotice({ customer, owed, rate, baseCode, refresh }: CustomerCreditNoticeProps) {
  const view = useCustomerBalance(customer, refresh);
  if (typeof customer !== "number") return null;
  const check = view.balance === null ? null : checkCreditLimit({ limit: view.creditLimit, balance: view.balance, owed, rate });
  const balance = view.balance === null ? null : `${shown(view.balance)} ${baseCode}`;
  const limit = view.creditLimit === null ? null : `${shown(view.creditLimit)} ${baseCode}`;
  return (
    <Stack gap="1" data-testid="customer-credit">
      {balance !== null ? (
        <Text fontSize="sm" data-testid="customer-balance">
          {view.stale ? (
            <Trans>Balance: {balance} (last known)</Trans>
          ) : isPositive(view.pending) ? (
            <Trans>Balance: {balance} (with unsynced sales)</Trans>
          ) : (
            <Trans>Balance: {balance}</Trans>
          )}
        </Text>
      ) : null}
      {limit !== null ? (
        <Text fontSize="sm" color="fg.muted" data-testid="customer-credit-limit">
          <Trans>Credit limit: {limit}</Trans>
        </Text>
      ) : null}
      {check?.over && limit !== null ? (
        <Alert.Root status="warning" size="sm" data-testid="credit-limit-warning">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>
              This sale takes the customer past their credit limit of {limit} by {shown(check.excess)} {baseCode}.
            </Trans>
          </Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
