import { useEffect, useState } from "react";
import { Box, Button, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Paged } from "../../../core/api-types";
import { compareInvoiceAge } from "../../../core/allocation";
import { formatDate } from "../../../core/dates";
import { add, formatAmount, isPositive, toDecimalString, tryMoney } from "../../../core/money";
import { api } from "../../lib/api-client";
import { useCurrentUser, useHasPermission } from "../../lib/use-permission";
import { useOnline } from "../../offline/online";
import type { RowKey } from "../../offline/sync-tables";
import { CheckboxField, useFormField } from "../form/form-fields";
import { NumberField } from "../number-field";
import {
  MONEY_DOCUMENTS,
  pickedKey,
  type InvoiceSource,
  type MoneyDocumentKind,
  type MoneyDocumentMeta,
  type PickedAmounts,
} from "./money-document-kind";
import { money } from "./money-view-shell";
import { useDocumentNumber } from "../../lib/use-document-number";

/** An open invoice of the party: a sale or purchase ("goods"), or a debit invoice, as its list answers it. */
interface OpenInvoice {
  kind: InvoiceSource;
  id: number;
  invoice_no: number;
  /** Its branch, for the number's short code (ERB-241). */
  branch?: number;
  input_date: string;
  net_price: string;
  paid_amount: string;
  remaining: string;
}

/** The open sales or purchases of the party and, with the right to see them, its open debit invoices, oldest first. */
async function openInvoices(meta: MoneyDocumentMeta, searchParams: Record<string, string>, withDebit: boolean): Promise<OpenInvoice[]> {
  const page = (endpoint: string) => api.get(endpoint, { searchParams }).json<Paged<Omit<OpenInvoice, "kind"> & { amount?: string }>>();
  const [goods, debit] = await Promise.all([
    page(`${meta.invoice}/`),
    withDebit ? page(`accounting/${meta.party}-debit-invoice/`) : Promise.resolve(null),
  ]);
  const rows = [
    ...goods.results.map((r) => ({ ...r, kind: "goods" as const })),
    ...(debit?.results ?? []).map((r) => ({ ...r, kind: "debit" as const, net_price: r.amount ?? r.net_price })),
  ];
  const age = (r: OpenInvoice) => ({ input_date: r.input_date, rank: r.kind === "debit" ? 0 : 1, id: r.id });
  return rows.sort((a, b) => compareInvoiceAge(age(a), age(b)));
}

/**
 * "Choose the invoices": the party's open sales (purchases) and debit invoices in the cashbox's currency
 * (oldest first, as the server settles them) with an amount for each; left unticked, the server settles
 * the oldest first. Needs the network (the open invoices are the server's); offline the choice is left
 * to the server.
 */
export function InvoicePicker({ kind }: { kind: MoneyDocumentKind }) {
  const { t } = useLingui();
  const meta = MONEY_DOCUMENTS[kind];
  const online = useOnline();
  const user = useCurrentUser();
  const numberOf = useDocumentNumber();
  const pick = useFormField<boolean>("pick");
  const picked = useFormField<PickedAmounts>("picked");
  const cash = useFormField<string>("amount").value;
  // What settles the invoices: the cash and the credit notes it uses (credit-note-picker.tsx).
  const credited = Object.values(useFormField<Record<string, string>>("note_amounts").value ?? {}).reduce(
    (sum, v) => add(sum, tryMoney(v) ?? 0),
    tryMoney(0)!,
  );
  const settling = add(tryMoney(cash) ?? 0, credited);
  const party = useFormField<RowKey | null>(meta.party).value;
  const branch = useFormField<RowKey | null>("branch").value;
  const cashboxId = useFormField<RowKey | null>("cashbox").value;
  const currency = user?.cashboxes?.find((c) => c.id === cashboxId)?.currency;
  const withDebit = useHasPermission(["view_sale_debit_invoice"]);
  const [invoices, setInvoices] = useState<OpenInvoice[] | null>(null);

  const ready = pick.value && online && typeof party === "number" && typeof branch === "number" && currency !== undefined;
  useEffect(() => {
    if (!ready) return;
    let live = true;
    setInvoices(null);
    const searchParams = {
      [meta.party]: String(party),
      branch: String(branch),
      currency: String(currency.id),
      remaining__gt: "0",
      ordering: "input_date,id",
      page_size: "100",
    };
    openInvoices(meta, searchParams, withDebit)
      .then((rows) => live && setInvoices(rows))
      .catch(() => live && setInvoices([]));
    return () => {
      live = false;
    };
  }, [ready, meta, party, branch, currency?.id, withDebit]);

  const values = picked.value ?? {};
  const setAmount = (key: string, value: string) => picked.setValue({ ...values, [key]: value });
  // Fills the amount over the listed invoices oldest first, as the server would.
  const fillOldestFirst = () => {
    let left = settling;
    const next: PickedAmounts = {};
    for (const invoice of invoices ?? []) {
      const remaining = tryMoney(invoice.remaining) ?? tryMoney(0)!;
      const take = left.lessThan(remaining) ? left : remaining;
      if (isPositive(take)) next[pickedKey(invoice.kind, invoice.id)] = toDecimalString(take);
      left = left.minus(take);
    }
    picked.setValue(next);
  };
  const total = Object.values(values).reduce((sum, v) => add(sum, tryMoney(v) ?? 0), tryMoney(0)!);

  return (
    <Box gridColumn="1 / -1" data-testid="invoice-picker">
      <CheckboxField
        name="pick"
        label={
          kind === "receipt" ? t`Choose the sales and debit invoices it settles` : t`Choose the purchases and debit invoices it settles`
        }
      />
      {!pick.value ? (
        <Text color="fg.muted" fontSize="sm" mt="1">
          {kind === "receipt" ? (
            <Trans>The customer's oldest open sales and debit invoices in the cashbox's currency are settled first.</Trans>
          ) : (
            <Trans>The supplier's oldest open purchases and debit invoices in the cashbox's currency are settled first.</Trans>
          )}
        </Text>
      ) : !online ? (
        <Text color="fg.muted" fontSize="sm" mt="1">
          <Trans>Choosing invoices needs a connection; offline the oldest open ones are settled first.</Trans>
        </Text>
      ) : !ready ? (
        <Text color="fg.muted" fontSize="sm" mt="1">
          <Trans>Choose the party and the cashbox first.</Trans>
        </Text>
      ) : invoices === null ? null : invoices.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" mt="1">
          <Trans>No open invoices in this currency.</Trans>
        </Text>
      ) : (
        <Box mt="2">
          <Table.Root size="sm" variant="outline" aria-label={t`Open invoices`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t`Invoice`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Type`}</Table.ColumnHeader>
                <Table.ColumnHeader>{t`Date`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Net`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Paid`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Remaining`}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t`Amount`}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {invoices.map((invoice) => (
                <Table.Row key={pickedKey(invoice.kind, invoice.id)}>
                  <Table.Cell>{numberOf(invoice.branch, invoice.invoice_no)}</Table.Cell>
                  <Table.Cell>{invoice.kind === "debit" ? t`Debit invoice` : kind === "receipt" ? t`Sale` : t`Purchase`}</Table.Cell>
                  <Table.Cell>{formatDate(invoice.input_date)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(invoice.net_price)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(invoice.paid_amount)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(invoice.remaining)}</Table.Cell>
                  <Table.Cell textAlign="end" maxW="40">
                    <NumberField
                      aria-label={
                        invoice.kind === "debit"
                          ? t`Amount for debit invoice ${invoice.invoice_no}`
                          : t`Amount for invoice ${invoice.invoice_no}`
                      }
                      size="sm"
                      value={values[pickedKey(invoice.kind, invoice.id)] ?? ""}
                      onValueChange={(v) => setAmount(pickedKey(invoice.kind, invoice.id), v)}
                      min={0}
                      hideStepper
                    />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Box display="flex" gap="3" alignItems="center" mt="2" flexWrap="wrap">
            <Button size="xs" variant="outline" onClick={fillOldestFirst}>
              <Trans>Fill oldest first</Trans>
            </Button>
            <Text fontSize="sm" color="fg.muted">
              <Trans>
                Chosen: {formatAmount(total)} of {formatAmount(settling)} {currency?.code}
              </Trans>
            </Text>
          </Box>
        </Box>
      )}
    </Box>
  );
}
