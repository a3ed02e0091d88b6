/**
 * Period locks and the year's close (DESIGN "The books"). Pure: the server reads the lock dates and
 * the year's sums; these say what is closed and what the closing entries are.
 */
import { isZero, negate, toDecimalString } from "./money";
import type { AccountType, PostingLine } from "./posting";

/** A branch's books are locked through the later of its own lock date and the all-branches one. */
export function effectiveLockDate(branchLock: string | null, allBranchesLock: string | null): string | null {
  if (branchLock === null) return allBranchesLock;
  if (allBranchesLock === null) return branchLock;
  return branchLock > allBranchesLock ? branchLock : allBranchesLock;
}

/** A date (ISO, YYYY-MM-DD) on or before the lock date is closed. */
export const isLocked = (date: string, lockDate: string | null) => lockDate !== null && date <= lockDate;

export const yearStart = (year: number) => `${String(year).padStart(4, "0")}-01-01`;
export const yearEnd = (year: number) => `${String(year).padStart(4, "0")}-12-31`;

/** A year's income or expense account, in one currency at one booked rate, and its debit - credit over the year. */
export interface YearAccountSum {
  account_type: AccountType;
  account_id: number | null;
  currency_id: number;
  exchange_rate: string;
  /** debit - credit of the year's lines. */
  net: string;
}

/**
 * The closing entries of a year: each income and expense account's balance reversed into retained
 * earnings, per currency and booked rate, so every account ends the year at zero in its own currency
 * and in the base currency, and each currency's lines balance (retained earnings takes the other side).
 */
export function closingLines(sums: readonly YearAccountSum[]): PostingLine[] {
  const lines: PostingLine[] = [];
  for (const s of sums) {
    if (isZero(s.net)) continue;
    const back = negate(s.net);
    const debitSide = !back.isNegative();
    const amount = toDecimalString(debitSide ? back : s.net);
    const base = { currency_id: s.currency_id, exchange_rate: s.exchange_rate };
    lines.push({
      ...base,
      account_type: s.account_type,
      account_id: s.account_id,
      debit: debitSide ? amount : "0.00",
      credit: debitSide ? "0.00" : amount,
    });
    lines.push({
      ...base,
      account_type: "retained_earnings",
      account_id: null,
      debit: debitSide ? "0.00" : amount,
      credit: debitSide ? amount : "0.00",
    });
  }
  return lines;
}
