/**
 * The account statement of `GET accounting/statement/<kind>/` as the screens show,
 * print and export it: pure, so the table, the print and the CSV agree and are unit-tested.
 */
import { formatDate } from "../../../core/dates";
import { formatAmount, tryMoney } from "../../../core/money";

export type StatementKind = "cashbox" | "customer" | "supplier";

export interface AccountStatementRow {
  date: string;
  document_type: string;
  document_id: number | null;
  document_no: number | string | null;
  /** The row's branch (for the number's short code); absent in an answer cached before it was sent. */
  branch?: number | null;
  note: string | null;
  debit: string;
  credit: string;
  balance: string;
}

export interface AccountStatementAnswer {
  opening_balance: string;
  rows: AccountStatementRow[];
  closing_balance: string;
}

/** Money as every list shows it: thousands separators, two decimals; "" for nothing. */
export function statementMoney(value: string | number | null | undefined): string {
  const money = tryMoney(value);
  return money === null ? "" : formatAmount(money);
}

/** A debit or credit cell: blank when zero, so the side the entry moved reads at a glance. */
export function sideAmount(value: string | number | null | undefined): string {
  const money = tryMoney(value);
  return money === null || money.isZero() ? "" : formatAmount(money);
}

const DOCUMENT_PATHS: Record<string, string> = {
  sale: "/sale/sale",
  sale_return: "/sale/sale-return",
  purchase: "/purchase/purchase",
  purchase_return: "/purchase/purchase-return",
  receipt: "/accounting/receipt",
  payment: "/accounting/payment",
  expense: "/accounting/expense",
  income: "/accounting/income",
  cashbox_transfer: "/accounting/cashbox/transfer",
  cashbox_money_conversion: "/accounting/cashbox/money-conversion",
  cashbox_adjustment: "/accounting/cashbox/adjustment",
  capital: "/accounting/capital",
  opening_balance: "/accounting/opening-balance",
  supplier_debit_invoice: "/accounting/supplier-debit-invoice",
  customer_debit_invoice: "/accounting/customer-debit-invoice",
  payroll: "/hr/payroll",
  salary_advance: "/hr/salary-advance",
};

/** The view route of a statement row's document, or null when that document has no view screen. */
export function statementDocumentPath(type: string, id: number | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  const base = DOCUMENT_PATHS[type];
  return base ? `${base}/${id}/view` : null;
}

/** Translated column heads and the words of the two balance lines. */
export interface StatementLabels {
  date: string;
  document: string;
  number: string;
  note: string;
  debit: string;
  credit: string;
  balance: string;
  opening: string;
  closing: string;
}

/**
 * The statement as text cells (print and CSV): the opening balance line, one line per entry
 * (date dd/MM/yyyy, translated type, number, note, debit, credit, running balance), the closing line.
 */
export function statementTextTable(
  answer: AccountStatementAnswer,
  labels: StatementLabels,
  typeLabel: (type: string) => string,
  noteLabel: (note: string) => string = (note) => note,
  numberOf: (branch: number | null | undefined, number: number | string) => string = (_branch, number) => String(number),
): { head: string[]; rows: string[][] } {
  const head = [labels.date, labels.document, labels.number, labels.note, labels.debit, labels.credit, labels.balance];
  const rows = [
    ["", labels.opening, "", "", "", "", statementMoney(answer.opening_balance)],
    ...answer.rows.map((r) => [
      formatDate(r.date),
      typeLabel(r.document_type),
      r.document_no === null || r.document_no === undefined ? "" : numberOf(r.branch, r.document_no),
      r.note ? noteLabel(r.note) : "",
      sideAmount(r.debit),
      sideAmount(r.credit),
      statementMoney(r.balance),
    ]),
    ["", labels.closing, "", "", "", "", statementMoney(answer.closing_balance)],
  ];
  return { head, rows };
}

/** The query of the statement call; null until an account and a currency are chosen. */
export function statementQuery(
  kind: StatementKind,
  account: number | null,
  currency: number | null,
  range: { start: string; end: string } | null,
): Record<string, string> | null {
  if (account === null || currency === null) return null;
  const query: Record<string, string> = { [kind]: String(account), currency: String(currency) };
  if (range) {
    query.start_date = range.start;
    query.end_date = range.end;
  }
  return query;
}

/** The export's name: "Customer Account Statement Aram Market-2026-11-01-2026-11-24" (the export adds the extension and drops unsafe characters). */
export function statementFileName(name: string, range: { start: string; end: string } | null): string {
  return `${name.trim() || "statement"}${range ? `-${range.start}-${range.end}` : ""}`;
}
