/**
 * Where an installment sale stands on a day (the sale-premium report and the dashboard's card):
 * what falls due today, what is overdue and since when, what must come in by the end of this week.
 * Pure; reads the schedule that installments.ts allocates what was paid to.
 */
import { differenceInCalendarDays, endOfWeek, format, parseISO } from "date-fns";
import { ISO_DATE, WEEK_STARTS_ON } from "./dates";
import { isPositive, sum, toDecimalString } from "./money";
import type { AllocatedReceipt } from "./installments";

export const PREMIUM_STATUSES = ["due", "overdue", "all"] as const;
export type PremiumStatusFilter = (typeof PREMIUM_STATUSES)[number];

export interface PremiumStanding {
  /** Uncovered part of the receipts dated today. */
  due_today: string;
  /** Uncovered part of the receipts dated before today. */
  overdue_amount: string;
  /** Date of the oldest uncovered receipt before today; null when nothing is overdue. */
  overdue_since: string | null;
  days_overdue: number;
  /** Uncovered part of the receipts dated on or before the end of this week (Saturday): what to collect this week. */
  week_due_amount: string;
  /** Date of the first receipt not fully covered. */
  next_due_date: string | null;
}

const dueOf = (receipts: readonly AllocatedReceipt[]) => toDecimalString(sum(receipts.map((r) => r.due)));

export function premiumStanding(receipts: readonly AllocatedReceipt[], today: string): PremiumStanding {
  const open = receipts.filter((r) => isPositive(r.due));
  const overdue = open.filter((r) => r.date < today);
  const weekEnd = format(endOfWeek(parseISO(today), { weekStartsOn: WEEK_STARTS_ON }), ISO_DATE);
  const since = overdue[0]?.date ?? null;
  return {
    due_today: dueOf(open.filter((r) => r.date === today)),
    overdue_amount: dueOf(overdue),
    overdue_since: since,
    days_overdue: since ? differenceInCalendarDays(parseISO(today), parseISO(since)) : 0,
    week_due_amount: dueOf(open.filter((r) => r.date <= weekEnd)),
    next_due_date: open[0]?.date ?? null,
  };
}

/** Whether a sale's standing matches the report's status filter. */
export function matchesPremiumStatus(standing: PremiumStanding, status: PremiumStatusFilter): boolean {
  if (status === "overdue") return isPositive(standing.overdue_amount);
  if (status === "due") return isPositive(standing.week_due_amount);
  return true;
}
