import { useEffect, useRef } from "react";
import { Box, Button, Table, Text } from "@chakra-ui/react";
import { useFormikContext } from "formik";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CashboxRef } from "../../../core/api-types";
import { formatAmount, isPositive, isZero } from "../../../core/money";
import { useCurrentUser } from "../../lib/use-permission";
import type { RowKey } from "../../offline/sync-tables";
import { useDocumentCurrency } from "../document/use-document-currency";
import type { CustomerBalanceAnswer, CustomerBalancePart } from "../../../core/api-types";
import { useCustomerBalance } from "../customer-balance/customer-balance";
import { useFormField } from "../form/form-fields";

const shown = (v: string) => formatAmount(v, { trimZeros: true });

/** The user's cashbox of the branch in the currency (the first, if they have several). */
export const cashboxOfCurrency = (cashboxes: readonly CashboxRef[], branch: number, currency: number): CashboxRef | undefined =>
  cashboxes.find((c) => c.branch_id === branch && c.currency.id === currency);

/** The currency a receipt from the customer is most likely in: the first they owe in (base first), else the base. */
export function likelyCurrency(answer: CustomerBalanceAnswer | null, baseId: number | null): number | null {
  return answer?.currencies.find((c) => isPositive(c.balance))?.currency ?? baseId;
}

/**
 * On the receipt form: what the picked customer owes in each currency, and what it is made of (open
 * sales, debit invoices, receipts not yet applied, open credit notes, and what no document explains:
 * an opening balance or exchange difference), so the open invoices and the statement's balance agree.
 * It pre-fills the user's cashbox in the currency the customer owes (the base currency when none) while
 * no cashbox is chosen; each currency's button takes the user's cashbox of that currency.
 */
export function ReceiptCustomerBalance() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const { baseCurrency } = useDocumentCurrency();
  const { setFieldValue } = useFormikContext<{ cashbox: RowKey | null }>();
  const customer = useFormField<RowKey | null>("customer").value;
  const branch = useFormField<RowKey | null>("branch").value;
  const cashbox = useFormField<RowKey | null>("cashbox").value;
  const view = useCustomerBalance(customer);
  const answer = view.server;
  const cashboxes = user?.cashboxes ?? [];
  const pick = (currency: number) => {
    const box = typeof branch === "number" ? cashboxOfCurrency(cashboxes, branch, currency) : undefined;
    if (box) void setFieldValue("cashbox", box.id);
  };

  // Pre-filled once per customer, and never over a cashbox the user chose.
  const prefilled = useRef<RowKey | null>(null);
  const currency = likelyCurrency(answer, baseCurrency?.id ?? null);
  useEffect(() => {
    if (typeof customer !== "number" || cashbox !== null || currency === null || prefilled.current === customer) return;
    if (answer === null && view.balance === null && !view.stale) return; // still reading
    prefilled.current = customer;
    pick(currency);
  });

  if (typeof customer !== "number" || !answer) return null;
  const parts = answer.currencies;
  return (
    <Box gridColumn="1 / -1" data-testid="receipt-customer-balance">
      <Text fontWeight="medium">
        {view.stale ? (
          <Trans>
            Customer balance (last known): {shown(answer.balance)} {baseCurrency?.code}
          </Trans>
        ) : (
          <Trans>
            Customer balance: {shown(answer.balance)} {baseCurrency?.code}
          </Trans>
        )}
      </Text>
      {parts.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          <Trans>The customer owes nothing.</Trans>
        </Text>
      ) : (
        <Box overflowX="auto" mt="1">
          <Table.Root size="sm" variant="outline" aria-label={t`Customer balance`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Currency`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Open sales`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Debit invoices`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Unapplied receipts`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Open credit notes`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Other (opening balance, exchange)`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Balance`}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {parts.map((p) => (
                <BalanceRow key={p.currency} part={p} onPick={cashboxes.length ? () => pick(p.currency) : undefined} />
              ))}
            </Table.Body>
          </Table.Root>
          <Text fontSize="xs" color="fg.muted" mt="1">
            <Trans>Balance = open sales + debit invoices − unapplied receipts − open credit notes + other.</Trans>
          </Text>
        </Box>
      )}
    </Box>
  );
}

function BalanceRow({ part, onPick }: { part: CustomerBalancePart; onPick?: () => void }) {
  return (
    <Table.Row data-testid={`balance-${part.currency_code}`}>
      <Table.Cell>{part.currency_code}</Table.Cell>
      <Table.Cell textAlign="end">
        {shown(part.open_sales)} {part.open_sale_count ? `(${part.open_sale_count})` : ""}
      </Table.Cell>
      <Table.Cell textAlign="end">
        {shown(part.debit_invoices)} {part.debit_invoice_count ? `(${part.debit_invoice_count})` : ""}
      </Table.Cell>
      <Table.Cell textAlign="end">{isZero(part.unapplied_receipts) ? "0" : `−${shown(part.unapplied_receipts)}`}</Table.Cell>
      <Table.Cell textAlign="end">{isZero(part.open_credit_notes) ? "0" : `−${shown(part.open_credit_notes)}`}</Table.Cell>
      <Table.Cell textAlign="end">{shown(part.other)}</Table.Cell>
      <Table.Cell textAlign="end" fontWeight="semibold">
        {shown(part.balance)}
      </Table.Cell>
      <Table.Cell>
        {onPick ? (
          <Button size="xs" variant="outline" onClick={onPick}>
            <Trans>Receive in {part.currency_code}</Trans>
          </Button>
        ) : null}
      </Table.Cell>
    </Table.Row>
  );
}
