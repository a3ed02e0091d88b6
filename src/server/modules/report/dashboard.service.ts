import { addDays, endOfMonth, format, getDate, setDate, startOfMonth, subMonths } from "date-fns";
import { ISO_DATE, toDate } from "../../../core/dates";
import { hasAnyPermission } from "../../../core/permissions";
import { sum, toDecimalString } from "../../../core/money";
import type { Db, Executor } from "../../db/client";
import type { AuthContext } from "../../http/access";
import * as repo from "./dashboard.repository";
import { coverLedgerDaysBefore } from "./ledger-day-totals";
import { salePremiumReport } from "./sale-premium-report.service";
import { profitAndLossReport } from "../accounting/books.service";
import { DEFAULT_WITHIN_DAYS } from "./stock-report.routes";

/** The permission behind each card (SPEC section 6 codes): a card is answered only to a holder. */
export const CARD_PERMISSIONS = {
  sales: "view_sale",
  cashboxes: "view_cashbox",
  customers_owe: "view_customer_account_statement",
  suppliers_owed: "view_supplier_account_statement",
  installments: "view_salepremium",
  min_quantity: "report_view_min_quantity_item",
  expiring: "report_view_expired_item",
  profit: "report_view_financial_statements",
} as const;

export type DashboardCard = keyof typeof CARD_PERMISSIONS;

/** Days the sales chart and the top items look back over, today included. */
export const CHART_DAYS = 30;

const iso = (d: Date) => format(d, ISO_DATE);

/** The days the sales card compares: today, this month, last month and its first days up to today's day. */
export interface SalesDates {
  today: string;
  monthStart: string;
  lastMonthStart: string;
  lastMonthEnd: string;
  /** Today's day of the month in last month (its last day when shorter). */
  lastMonthSameDay: string;
}

export function salesDates(today: string): SalesDates {
  const day = toDate(today);
  const lastMonth = subMonths(startOfMonth(day), 1);
  const lastMonthEnd = endOfMonth(lastMonth);
  return {
    today,
    monthStart: iso(startOfMonth(day)),
    lastMonthStart: iso(lastMonth),
    lastMonthEnd: iso(lastMonthEnd),
    lastMonthSameDay: iso(getDate(day) > getDate(lastMonthEnd) ? lastMonthEnd : setDate(lastMonth, getDate(day))),
  };
}

type SaleDay = Awaited<ReturnType<typeof repo.salesDays>>[number];

/** The sales card from the days' sums: each figure added up unrounded, then rounded once. */
export function salesCard(days: readonly SaleDay[], d: SalesDates, chartFrom: string) {
  const total = (pick: (day: string) => boolean) => toDecimalString(sum(days.filter((r) => pick(r.date)).map((r) => r.total)));
  return {
    today: total((day) => day === d.today),
    today_count: days.filter((r) => r.date === d.today).reduce((n, r) => n + r.count, 0),
    this_month: total((day) => day >= d.monthStart && day <= d.today),
    last_month: total((day) => day >= d.lastMonthStart && day <= d.lastMonthEnd),
    last_month_to_date: total((day) => day >= d.lastMonthStart && day <= d.lastMonthSameDay),
    chart_from: chartFrom,
    by_day: days
      .filter((r) => r.date >= chartFrom && r.date <= d.today)
      .map((r) => ({ date: r.date, branch: r.branch, branch_name: r.branch_name, total: toDecimalString(r.total) })),
  };
}

interface CurrencyAmount {
  currency: number;
  currency_code: string;
  amount: string;
  count: number;
}

/** What the installment sales of the branches have due today and overdue, per currency. */
async function installments(ex: Executor, auth: AuthContext, branchIds: readonly number[], today: string) {
  const { rows } = await salePremiumReport(ex, auth, "due", { branch: branchIds.join(",") }, today);
  const per = (key: "due_today" | "overdue_amount"): CurrencyAmount[] => {
    const open = rows.filter((r) => Number(r[key]) > 0);
    const currencies = [...new Map(open.map((r) => [r.currency, r.currency_code])).entries()];
    return currencies.map(([currency, currency_code]) => {
      const mine = open.filter((r) => r.currency === currency);
      return { currency, currency_code, amount: toDecimalString(sum(mine.map((r) => r[key]))), count: mine.length };
    });
  };
  return { due_today: per("due_today"), overdue: per("overdue_amount") };
}

/** This month's gross and net profit from the books (the profit and loss of the month up to today). */
async function profitThisMonth(db: Db, branchIds: readonly number[], today: string) {
  const statement = await profitAndLossReport(db, { branchIds, startDate: `${today.slice(0, 7)}-01`, endDate: today, currencyId: null });
  return { start_date: statement.start_date, gross_profit: statement.gross_profit, net_profit: statement.net_profit };
}

/**
 * The caller's dashboard: each card only with the permission behind it, every figure over the
 * caller's branches (or those of them asked for). The queries run side by side where the driver allows
 * (PostgreSQL's pool; PGlite's one connection takes them in turn). Balances over all history read the
 * covered days' totals, extended to yesterday first (ledger-day-totals.ts).
 */
export async function dashboard(db: Db, auth: AuthContext, branchIds: readonly number[], today: string) {
  const may = (card: DashboardCard) =>
    hasAnyPermission({ is_superuser: auth.isSuperuser, permissions: auth.permissions }, [CARD_PERMISSIONS[card]]);
  const dates = salesDates(today);
  const chartFrom = iso(addDays(toDate(today), -(CHART_DAYS - 1)));
  const none = branchIds.length === 0;
  const when = <T>(card: DashboardCard, read: () => Promise<T>): Promise<T | undefined> =>
    may(card) && !none ? read() : Promise.resolve(undefined);
  const needsBalances = !none && (["cashboxes", "customers_owe", "suppliers_owed"] as const).some(may);
  const covered = needsBalances ? await coverLedgerDaysBefore(db, today) : null;
  const salesFrom = chartFrom < dates.lastMonthStart ? chartFrom : dates.lastMonthStart;
  const [days, topItems, cashboxes, customersOwe, suppliersOwed, dues, minQuantity, expiring, profit] = await Promise.all([
    when("sales", () => repo.salesDays(db, branchIds, salesFrom, today)),
    when("sales", () => repo.topItems(db, branchIds, chartFrom, today)),
    when("cashboxes", () => repo.cashboxBalances(db, branchIds, covered)),
    when("customers_owe", () => repo.partyBalances(db, "customer", branchIds, covered)),
    when("suppliers_owed", () => repo.partyBalances(db, "supplier", branchIds, covered)),
    when("installments", () => installments(db, auth, branchIds, today)),
    when("min_quantity", () => repo.minQuantityCount(db, branchIds, auth)),
    when("expiring", () => repo.expiringFigures(db, branchIds, auth, DEFAULT_WITHIN_DAYS)),
    when("profit", () => profitThisMonth(db, branchIds, today)),
  ]);
  const cards = {
    sales: days && { ...salesCard(days, dates, chartFrom), top_items: topItems ?? [] },
    cashboxes,
    customers_owe: customersOwe,
    suppliers_owed: suppliersOwed,
    installments: dues,
    min_quantity: minQuantity === undefined ? undefined : { count: minQuantity },
    expiring: expiring && { ...expiring, within_days: DEFAULT_WITHIN_DAYS },
    profit,
  };
  // A card the caller may not see is left out, not sent empty.
  return { today, branches: branchIds, ...Object.fromEntries(Object.entries(cards).filter(([, v]) => v !== undefined)) };
}
