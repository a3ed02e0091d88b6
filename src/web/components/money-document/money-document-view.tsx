import { Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { formatDate } from "../../../core/dates";
import { formatAmount, sum } from "../../../core/money";
import { allocationTarget, MONEY_DOCUMENTS, partyName, type MoneyDocumentKind, type MoneyDocumentRecord } from "./money-document-kind";
import { money, MoneyViewShell, type PrintTable } from "./money-view-shell";

/**
 * A receipt or payment as it prints: number, date, party, cashbox, amount (and in words), the credit notes it
 * used beside the cash, the invoices (and debit invoices) it settled.
 */
export function MoneyDocumentView({ kind }: { kind: MoneyDocumentKind }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const meta = MONEY_DOCUMENTS[kind];
  const settled = (record: MoneyDocumentRecord): PrintTable => ({
    head: [t`Invoice`, t`Type`, t`Date`, t`Net`, t`Paid`, t`Amount`],
    rows: (record.allocations ?? []).map((a) => [
      String(a.invoice_no),
      a.debit_invoice !== undefined ? t`Debit invoice` : kind === "receipt" ? t`Sale` : t`Purchase`,
      formatDate(a.input_date),
      money(a.net_price),
      money(a.paid_amount),
      money(a.amount),
    ]),
  });
  return (
    <MoneyViewShell<MoneyDocumentRecord>
      endpoint={meta.endpoint}
      listPath={meta.path}
      singular={i18n._(meta.singular)}
      changePermission={`change_${meta.model}`}
      attachmentsModel={kind === "payment" ? meta.model : undefined}
      fields={(r) => [
        { label: meta.party === "customer" ? t`Customer` : t`Supplier`, value: partyName(r) },
        { label: t`Cashbox`, value: r.cashbox_name },
        ...((r.credit_notes ?? []).length > 0
          ? [
              {
                label: t`Credit notes used`,
                value: `${formatAmount(sum((r.credit_notes ?? []).map((n) => n.amount)))} ${r.currency_code} (${(r.credit_notes ?? [])
                  .map((n) => `#${n.invoice_no}`)
                  .join(", ")})`,
              },
            ]
          : []),
      ]}
      printTable={settled}
    >
      {(record) => {
        const { head, rows } = settled(record);
        const allocations = record.allocations ?? [];
        const notes = record.credit_notes ?? [];
        return (
          <>
            {notes.length > 0 ? (
              <>
                <Text fontWeight="semibold" mb="2">
                  <Trans>Credit notes used</Trans>
                </Text>
                <Table.Root size="sm" variant="outline" mb="4" aria-label={t`Credit notes used`}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t`Credit note`}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t`Date`}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t`Credit note amount`}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">{t`Used`}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {notes.map((n) => (
                      <Table.Row key={n.credit_note} onDoubleClick={() => navigate(`${meta.creditNotePath}/${n.credit_note}/view`)}>
                        <Table.Cell>{n.invoice_no}</Table.Cell>
                        <Table.Cell>{formatDate(n.input_date)}</Table.Cell>
                        <Table.Cell textAlign="end">{money(n.note_amount)}</Table.Cell>
                        <Table.Cell textAlign="end">{money(n.amount)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </>
            ) : null}
            <Text fontWeight="semibold" mb="2">
              <Trans>Invoices settled</Trans>
            </Text>
            {rows.length === 0 ? (
              <Text color="fg.muted">
                <Trans>None: the amount stays on the account.</Trans>
              </Text>
            ) : (
              <Table.Root size="sm" variant="outline" aria-label={t`Settled invoices`}>
                <Table.Header>
                  <Table.Row>
                    {head.map((h, i) => (
                      <Table.ColumnHeader key={h} textAlign={i >= 3 ? "end" : "start"}>
                        {h}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {allocations.map((a, r) => (
                    <Table.Row key={allocationTarget(meta, a).key} onDoubleClick={() => navigate(allocationTarget(meta, a).path)}>
                      {rows[r].map((cell, i) => (
                        <Table.Cell key={i} textAlign={i >= 3 ? "end" : "start"}>
                          {cell}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </>
        );
      }}
    </MoneyViewShell>
  );
}
