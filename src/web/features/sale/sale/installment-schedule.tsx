import { Link, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RouterLink } from "react-router";
import type { CoveringPayment } from "../../../../core/installments";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";

/** GET sale/:id/premium-schedule/: the instalments, what covers each and what is due. */
export interface PremiumSchedule {
  owed: string;
  paid_amount: string;
  remaining: string;
  next_due_date: string | null;
  due_amount: string;
  receipts: { index: number; date: string; amount: string; paid: string; due: string }[];
  /** Which payments covered each instalment (the sale's own payment, receipts). */
  coverage?: { index: number; covered_by: CoveringPayment[] }[];
}

const money = (value: string) => formatAmount(tryMoney(value) ?? 0);

/** "At sale 100.00, Receipt #3 200.00": the payments that covered an instalment, as printed. */
export function coveredByText(payments: readonly CoveringPayment[], atSale: string, receipt: string): string {
  return payments.map((p) => `${p.receipt === null ? atSale : `${receipt} #${p.receipt_no}`} ${money(p.amount)}`).join(", ");
}

/** The schedule of an installment sale: each instalment with what was paid of it, by which receipts, and what is due. */
export function InstallmentSchedule({ schedule }: { schedule: PremiumSchedule }) {
  const { t } = useLingui();
  const coverage = new Map((schedule.coverage ?? []).map((c) => [c.index, c.covered_by]));
  return (
    <Table.Root size="sm" variant="outline" mt="2" aria-label={t`Schedule of receipts`}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>#</Table.ColumnHeader>
          <Table.ColumnHeader>{t`Date`}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t`Amount`}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t`Paid`}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t`Due`}</Table.ColumnHeader>
          <Table.ColumnHeader>{t`Covered by`}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {schedule.receipts.map((r) => (
          <Table.Row key={r.index} data-testid="installment-row">
            <Table.Cell>{r.index}</Table.Cell>
            <Table.Cell>{formatDate(r.date)}</Table.Cell>
            <Table.Cell textAlign="end">{money(r.amount)}</Table.Cell>
            <Table.Cell textAlign="end">{money(r.paid)}</Table.Cell>
            <Table.Cell textAlign="end">{money(r.due)}</Table.Cell>
            <Table.Cell>
              {(coverage.get(r.index) ?? []).map((p, i) => (
                <Text as="span" key={i} me="2" whiteSpace="nowrap">
                  {p.receipt === null ? (
                    <Trans>At sale</Trans>
                  ) : (
                    <Link asChild colorPalette="blue">
                      <RouterLink to={`/accounting/receipt/${p.receipt}/view`}>
                        <Trans>Receipt #{p.receipt_no}</Trans>
                      </RouterLink>
                    </Link>
                  )}{" "}
                  <span dir="ltr">{money(p.amount)}</span>
                </Text>
              ))}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
