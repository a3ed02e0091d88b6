import { useEffect, useMemo, useState } from "react";
import { Alert, Box, Button, Card, Center, Flex, HStack, Link, Spinner, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { Link as RouterLink } from "react-router";
import { LuPrinter, LuRefreshCw } from "react-icons/lu";
import { defaultDateRange, formatDate, type DateRange } from "../../../core/dates";
import { amountInWords } from "../../../core/number-to-words";
import { api } from "../../lib/api-client";
import { baseCurrencyAtom } from "../../lib/app-state";
import { useCurrentUser } from "../../lib/use-permission";
import { useOnline } from "../../offline/online";
import type { RowKey } from "../../offline/sync-tables";
import { CardTitle } from "../card-title";
import { DateRangePicker } from "../date-range-picker";
import { ExportButtons } from "../export/export-buttons";
import { useTableExport } from "../export/use-table-export";
import { buildTableBody, buildTableHead, escapeHtml } from "../print/print-html";
import { usePrint } from "../print/use-print";
import { CashboxSelect } from "../selectors/cashbox-select";
import { CurrencySelect, useCurrencies } from "../selectors/currency-select";
import { CustomerSelect } from "../selectors/customer-select";
import { SupplierSelect } from "../selectors/supplier-select";
import { useReferenceOptions } from "../selectors/use-reference-options";
import type { EntityOption } from "../selectors/entity-select";
import { useDocumentNumber } from "../../lib/use-document-number";
import {
  sideAmount,
  statementDocumentPath,
  statementFileName,
  statementMoney,
  statementQuery,
  statementTextTable,
  type AccountStatementAnswer,
  type StatementKind,
  type StatementLabels,
} from "./statement-rows";

/** The account chosen in the filters: its id and name (and, for a cashbox, its currency). */
interface ChosenAccount {
  id: number;
  name: string;
  currency?: number;
}

/** Translated name of a ledger row's document type. */
export function useStatementTypeLabel(): (type: string) => string {
  const { t } = useLingui();
  return useMemo(() => {
    const labels: Record<string, string> = {
      sale: t`Sale`,
      sale_return: t`Sale Return`,
      purchase: t`Purchase`,
      purchase_return: t`Purchase Return`,
      receipt: t`Receipt`,
      payment: t`Payment`,
      expense: t`Expense`,
      income: t`Income`,
      cashbox_transfer: t`Cashbox Transfer`,
      cashbox_money_conversion: t`Money Conversion`,
      cashbox_adjustment: t`Cashbox Adjustment`,
      capital: t`Capital`,
      opening_balance: t`Opening balance`,
      supplier_debit_invoice: t`Supplier Debit Invoice`,
      customer_debit_invoice: t`Customer Debit Invoice`,
      payroll: t`Payroll`,
      salary_advance: t`Salary Advance`,
    };
    return (type: string) => labels[type] ?? type;
  }, [t]);
}

/** The cashbox filter: the user's cashboxes, each with its currency. */
function CashboxPicker({ value, onChange }: { value: ChosenAccount | null; onChange: (account: ChosenAccount | null) => void }) {
  const user = useCurrentUser();
  const cashboxes = user?.cashboxes ?? [];
  return (
    <CashboxSelect
      value={value?.id ?? null}
      onChange={(id: RowKey | null) => {
        const box = cashboxes.find((c) => c.id === id);
        onChange(box ? { id: box.id, name: box.name, currency: box.currency.id } : null);
      }}
    />
  );
}

/** The customer or supplier filter, over the same cached list as everywhere. */
function PartyPicker({
  kind,
  value,
  onChange,
}: {
  kind: "customer" | "supplier";
  value: ChosenAccount | null;
  onChange: (account: ChosenAccount | null) => void;
}) {
  const parties = useReferenceOptions<EntityOption>(`${kind}/`);
  const pick = (id: RowKey | null) => {
    const party = typeof id === "number" ? parties.items.find((p) => p.id === id) : undefined;
    onChange(party && typeof id === "number" ? { id, name: party.name } : null);
  };
  const Select = kind === "customer" ? CustomerSelect : SupplierSelect;
  return <Select value={value?.id ?? null} onChange={pick} />;
}

function useStatement(query: Record<string, string> | null, kind: StatementKind, online: boolean, reload: number) {
  const [answer, setAnswer] = useState<AccountStatementAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const key = query ? JSON.stringify(query) : null;
  useEffect(() => {
    setAnswer(null);
    setFailed(false);
    if (key === null || !online) return;
    let cancelled = false;
    setLoading(true);
    api
      .get(`accounting/statement/${kind}/`, { searchParams: JSON.parse(key) as Record<string, string> })
      .json<AccountStatementAnswer>()
      .then((data) => !cancelled && setAnswer(data))
      .catch(() => !cancelled && setFailed(true))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [key, kind, online, reload]);
  return { answer, loading, failed };
}

export interface AccountStatementProps {
  kind: StatementKind;
  /** The translated screen title. */
  title: string;
}

/**
 * A cashbox, customer or supplier account statement (SCREENS.md "A report or statement screen"): filters
 * first (account, currency, date range with presets), then the opening balance, one row per ledger entry
 * with its running balance, and the closing balance (also in Kurdish words); print A4 and CSV export.
 * It reads the server's ledger, so it needs the network.
 */
export function AccountStatement({ kind, title }: AccountStatementProps) {
  const { t } = useLingui();
  const numberOf = useDocumentNumber();
  const online = useOnline();
  const print = usePrint();
  const currencies = useCurrencies();
  const baseCurrency = useAtomValue(baseCurrencyAtom);
  const typeLabel = useStatementTypeLabel();
  const [account, setAccount] = useState<ChosenAccount | null>(null);
  const [currency, setCurrency] = useState<number | null>(null);
  const [range, setRange] = useState<DateRange | null>(() => defaultDateRange());
  const [reload, setReload] = useState(0);

  // A party's statement opens in the base currency; a cashbox's in the cashbox's own currency.
  const defaultCurrency = kind === "cashbox" ? null : (baseCurrency?.id ?? currencies[0]?.id ?? null);
  useEffect(() => {
    if (currency === null && defaultCurrency !== null) setCurrency(defaultCurrency);
  }, [currency, defaultCurrency]);
  const chooseAccount = (next: ChosenAccount | null) => {
    setAccount(next);
    if (next?.currency !== undefined) setCurrency(next.currency);
  };

  const query = statementQuery(kind, account?.id ?? null, currency, range);
  const { answer, loading, failed } = useStatement(query, kind, online, reload);
  const currencyCode = currencies.find((c) => c.id === currency)?.code ?? "";
  const noteLabel = (note: string) => (note === "reversal" ? t`Reversal` : note);
  const labels: StatementLabels = {
    date: t`Date`,
    document: t`Document`,
    number: t`Number`,
    note: t`Note`,
    // "Debit" alone is the sale payment type (on credit); here it is the ledger side.
    debit: t({ message: "Debit", context: "ledger side" }),
    credit: t({ message: "Credit", context: "ledger side" }),
    balance: t`Balance`,
    opening: t`Opening balance`,
    closing: t`Closing balance`,
  };
  const words = answer ? amountInWords(answer.closing_balance, currencyCode) : "";
  const heading = account ? `${title}: ${account.name}${currencyCode ? ` (${currencyCode})` : ""}` : title;
  const period = range ? `${formatDate(range.start)} – ${formatDate(range.end)}` : "";

  const doPrint = () => {
    if (!answer) return;
    const table = statementTextTable(answer, labels, typeLabel, noteLabel, numberOf);
    const body =
      (period ? `<div style="margin:4px 0">${escapeHtml(period)}</div>` : "") +
      `<table><thead>${buildTableHead(table.head)}</thead><tbody>${buildTableBody(table.rows)}</tbody></table>` +
      `<div style="margin-top:8px"><b>${escapeHtml(t`Amount in words`)}:</b> ${escapeHtml(words)}</div>`;
    print({ title: heading, body });
  };
  const exporter = useTableExport(statementFileName(`${title} ${account?.name ?? ""}`, range), () => {
    if (!answer) return Promise.resolve(null);
    const table = statementTextTable(answer, labels, typeLabel, noteLabel, numberOf);
    return Promise.resolve({ table: { ...table, numeric: [false, false, false, false, true, true, true] } });
  });

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={title}
          back
          actions={
            <HStack gap="2">
              <Button size="sm" variant="outline" disabled={!answer} onClick={doPrint}>
                <LuPrinter />
                <Trans>Print A4</Trans>
              </Button>
              <ExportButtons disabled={!answer} onExport={exporter.run} exporting={exporter.exporting} />
              <Button
                size="sm"
                variant="outline"
                aria-label={t`Refresh`}
                disabled={!query || !online}
                onClick={() => setReload((n) => n + 1)}
              >
                <LuRefreshCw />
              </Button>
            </HStack>
          }
        />
        <Flex gap="4" wrap="wrap" align="end" mb="4">
          <Box minW="64">
            {kind === "cashbox" ? (
              <CashboxPicker value={account} onChange={chooseAccount} />
            ) : (
              <PartyPicker kind={kind} value={account} onChange={chooseAccount} />
            )}
          </Box>
          <Box minW="40">
            <CurrencySelect value={currency} onChange={(id) => setCurrency(typeof id === "number" ? id : null)} />
          </Box>
          <DateRangePicker value={range} onChange={setRange} />
        </Flex>
        {!online ? (
          <Alert.Root status="warning" size="sm" mb="3" data-testid="offline-statement-note">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>Statements need a connection: they are read from the server's ledger</Trans>
            </Alert.Title>
          </Alert.Root>
        ) : null}
        {!account ? (
          <Text color="fg.muted">
            {kind === "cashbox" ? (
              <Trans>Choose a cashbox to see its statement.</Trans>
            ) : kind === "customer" ? (
              <Trans>Choose a customer to see their statement.</Trans>
            ) : (
              <Trans>Choose a supplier to see their statement.</Trans>
            )}
          </Text>
        ) : failed ? (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>The statement could not be loaded.</Trans>
            </Alert.Title>
          </Alert.Root>
        ) : loading && !answer ? (
          <Center py="10">
            <Spinner />
          </Center>
        ) : answer ? (
          <StatementBody
            answer={answer}
            labels={labels}
            typeLabel={typeLabel}
            noteLabel={noteLabel}
            currencyCode={currencyCode}
            words={words}
          />
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** A labelled figure; amounts stay left-to-right inside right-to-left text. */
function Figure({ label, value, amount = true }: { label: string; value: string; amount?: boolean }) {
  return (
    <Box role="group" aria-label={label}>
      <Text as="span" color="fg.muted">
        {label}:{" "}
      </Text>
      <Text as="span" fontWeight="semibold" dir={amount ? "ltr" : undefined}>
        {value}
      </Text>
    </Box>
  );
}

function StatementBody({
  answer,
  labels,
  typeLabel,
  noteLabel,
  currencyCode,
  words,
}: {
  answer: AccountStatementAnswer;
  labels: StatementLabels;
  typeLabel: (type: string) => string;
  noteLabel: (note: string) => string;
  currencyCode: string;
  words: string;
}) {
  const { t } = useLingui();
  const numberOf = useDocumentNumber();
  const amountCell = { textAlign: "end" as const, whiteSpace: "nowrap" as const };
  return (
    <>
      <HStack gap="6" mb="3" wrap="wrap">
        <Figure label={labels.opening} value={`${statementMoney(answer.opening_balance)} ${currencyCode}`} />
        <Figure label={labels.closing} value={`${statementMoney(answer.closing_balance)} ${currencyCode}`} />
      </HStack>
      <Box overflow="auto" maxH="calc(100vh - 200px)" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label={t`Statement entries`}>
          <Table.Header position="sticky" top="0" zIndex="1" bg="bg">
            <Table.Row>
              <Table.ColumnHeader>{labels.date}</Table.ColumnHeader>
              <Table.ColumnHeader>{labels.document}</Table.ColumnHeader>
              <Table.ColumnHeader>{labels.number}</Table.ColumnHeader>
              <Table.ColumnHeader>{labels.note}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{labels.debit}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{labels.credit}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{labels.balance}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {answer.rows.map((r, index) => {
              const path = statementDocumentPath(r.document_type, r.document_id);
              const number = r.document_no === null || r.document_no === undefined ? "" : numberOf(r.branch, r.document_no);
              return (
                <Table.Row key={`${r.document_type}-${r.document_id}-${index}`} data-testid="statement-row">
                  <Table.Cell whiteSpace="nowrap">{formatDate(r.date)}</Table.Cell>
                  <Table.Cell>{typeLabel(r.document_type)}</Table.Cell>
                  <Table.Cell>
                    {path && number ? (
                      <Link asChild colorPalette="blue">
                        <RouterLink to={path}>{number}</RouterLink>
                      </Link>
                    ) : (
                      number
                    )}
                  </Table.Cell>
                  <Table.Cell>{r.note ? noteLabel(r.note) : ""}</Table.Cell>
                  <Table.Cell {...amountCell}>
                    <span dir="ltr">{sideAmount(r.debit)}</span>
                  </Table.Cell>
                  <Table.Cell {...amountCell}>
                    <span dir="ltr">{sideAmount(r.credit)}</span>
                  </Table.Cell>
                  <Table.Cell {...amountCell}>
                    <span dir="ltr">{statementMoney(r.balance)}</span>
                  </Table.Cell>
                </Table.Row>
              );
            })}
            {answer.rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={7} textAlign="center" color="fg.muted">
                  <Trans>No entries in this period</Trans>
                </Table.Cell>
              </Table.Row>
            ) : null}
          </Table.Body>
        </Table.Root>
      </Box>
      <Box mt="3">
        <Figure label={t`Amount in words`} value={words} amount={false} />
      </Box>
    </>
  );
}
