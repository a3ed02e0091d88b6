/**
 * The ledger as a plain-text journal in the ledger/hledger format, so an independent tool can read the
 * books back and check them: one transaction per document, date and currency, each account by its
 * chart path (class:group:code name), debits positive and credits negative, amounts in the line's own
 * currency with its code as the commodity. Pure: the server reads the lines in order and names them.
 */
import type { AccountClass } from "./chart-of-accounts";
import { add, isZero, sub, toDecimalString, type Money, ZERO } from "./money";

/** The top-level names ledger tools know (hledger infers each account's type from them). */
const CLASS_ROOT: Record<AccountClass, string> = {
  asset: "Assets",
  liability: "Liabilities",
  equity: "Equity",
  income: "Income",
  expense: "Expenses",
};

/**
 * One part of an account path: a name may not hold what the format reads as structure (`:` splits
 * levels, two spaces or a tab end the name, `;` starts a comment, brackets around a name make a
 * virtual posting), nor a line break.
 */
export function journalNamePart(text: string): string {
  return text
    .replace(/[:;\t\r\n()[\]]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export interface JournalAccount {
  class: AccountClass;
  /** The group's name (the chart's middle level). */
  groupName: string;
  code: string;
  name: string;
}

/** "Assets:Cash and cashboxes:1100-0001 Cashbox 1": the code keeps two records of one name apart. */
export function journalAccountPath(account: JournalAccount): string {
  const leaf = journalNamePart(`${account.code} ${account.name}`) || "account";
  return [CLASS_ROOT[account.class], journalNamePart(account.groupName) || "group", leaf].join(":");
}

/** A transaction's head: the date, the document number as a code, and the document as its description. */
export interface JournalHead {
  date: string;
  documentType: string;
  documentId: number;
  documentNo: number | null;
  currency: string;
}

export interface JournalLine {
  /** The account's path (journalAccountPath). */
  account: string;
  debit: string;
  credit: string;
}

const COMMODITY = /^[A-Za-z]{1,10}$/;

/** A currency code as a commodity: letters only are written bare; anything else quoted, as the format asks. */
export function journalCommodity(code: string): string {
  return COMMODITY.test(code) ? code : `"${code.replace(/["\r\n]/g, "")}"`;
}

/**
 * One transaction: the lines folded per account (debit - credit), those that fold to nothing left out;
 * empty text when nothing is left. Every document posts balanced lines per currency, so the tool
 * refuses the journal if one does not.
 */
export function journalTransaction(head: JournalHead, lines: readonly JournalLine[]): string {
  const net = new Map<string, Money>();
  for (const line of lines) net.set(line.account, add(net.get(line.account) ?? ZERO, sub(line.debit, line.credit)));
  const postings = [...net].filter(([, amount]) => !isZero(amount));
  if (postings.length === 0) return "";
  const type = journalNamePart(head.documentType);
  const number = head.documentNo ?? head.documentId;
  const commodity = journalCommodity(head.currency);
  const width = Math.max(...postings.map(([account]) => account.length));
  return [
    `${head.date} (${number}) ${type} ${number}`,
    `    ; document: ${type}-${head.documentId}`,
    ...postings.map(([account, amount]) => `    ${account.padEnd(width)}  ${toDecimalString(amount)} ${commodity}`),
    "",
  ].join("\n");
}

/** Whether a line belongs to the same transaction as the one before it. */
export const sameTransaction = (a: JournalHead, b: JournalHead) =>
  a.date === b.date && a.documentType === b.documentType && a.documentId === b.documentId && a.currency === b.currency;
