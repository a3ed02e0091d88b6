import { addDays, format, parseISO } from "date-fns";
import { ISO_DATE } from "../../../core/dates";
import { div, formatAmount, isZero, mul, sub, toDecimalString, tryMoney } from "../../../core/money";

/** What GET dashboard/ answers: each card only when the caller may see it. */
export interface CurrencyAmount {
  currency: number;
  currency_code: string;
  amount: string;
  count?: number;
}

export interface DashboardAnswer {
  today: string;
  branches: number[];
  sales?: {
    today: string;
    today_count: number;
    this_month: string;
    last_month: string;
    last_month_to_date: string;
    chart_from: string;
    by_day: { date: string; branch: number; branch_name: string; total: string }[];
    top_items: { item: number; item_name: string; quantity: string; total: string }[];
  };
  cashboxes?: { id: number; name: string; branch_name: string; currency_code: string; balance: string }[];
  customers_owe?: CurrencyAmount[];
  suppliers_owed?: CurrencyAmount[];
  installments?: { due_today: CurrencyAmount[]; overdue: CurrencyAmount[] };
  min_quantity?: { count: number };
  expiring?: { count: number; expired_count: number; value: string; within_days: number };
  /** This month's profit from the books, to today. */
  profit?: { start_date: string; gross_profit: string; net_profit: string };
}

/** Change of this month against the same days of last month, in percent (one decimal); null without a base. */
export function changePercent(current: string, previous: string): string | null {
  const before = tryMoney(previous);
  if (!before || isZero(before)) return null;
  return toDecimalString(mul(div(sub(current, before), before), 100), 1);
}

/** The sales chart's rows: one per day of the range, a value per branch (missing days are 0). */
export function salesChartRows(by: NonNullable<DashboardAnswer["sales"]>["by_day"], from: string, to: string) {
  const branches = [...new Map(by.map((r) => [r.branch, r.branch_name])).entries()];
  const totals = new Map(by.map((r) => [`${r.date} ${r.branch}`, Number(r.total)]));
  const days: string[] = [];
  // Each day formatted once: date-fns parses its pattern at every call (part of the first render).
  for (let d = parseISO(from), day = format(d, ISO_DATE); day <= to; d = addDays(d, 1), day = format(d, ISO_DATE)) days.push(day);
  const rows = days.map((date) => {
    const row: Record<string, string | number> = { date };
    for (const [id] of branches) row[`b${id}`] = totals.get(`${date} ${id}`) ?? 0;
    return row;
  });
  return { rows, branches };
}

export const money = (value: string) => formatAmount(value, { decimals: 0 });
