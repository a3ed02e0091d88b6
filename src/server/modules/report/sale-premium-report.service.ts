import { toIsoDate } from "../../../core/dates";
import { sum, toDecimalString } from "../../../core/money";
import { matchesPremiumStatus, premiumStanding, type PremiumStanding, type PremiumStatusFilter } from "../../../core/premium-status";
import type { Executor } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { listAll, type ListQuery } from "../../http/list-engine";
import { salePremiumList } from "../sale/sale.lists";
import { premiumSummary } from "../sale/sale.service";

/** The amounts each row and each currency's totals carry. */
const AMOUNTS = ["owed", "paid_amount", "remaining", "due_today", "week_due_amount", "overdue_amount"] as const;

export interface PremiumReportRow extends PremiumStanding {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  input_date: string;
  customer: number;
  customer_name: string;
  customer_phone: string;
  guarantor_name: string;
  guarantor_phone: string;
  guarantor_address: string;
  currency: number;
  currency_code: string;
  months_count: number;
  receipt_frequency: string;
  premium_receipt_amount: string;
  owed: string;
  paid_amount: string;
  remaining: string;
}

/** The sale-premium list's row, the fields this report reads (a type alias, so premiumSummary takes it as a record). */
type PremiumSale = {
  id: number;
  branch: number;
  branch_name: string;
  invoice_no: number;
  input_date: string;
  customer: number;
  customer_name: string;
  customer_phone: string | null;
  guarantor_name: string;
  guarantor_phone: string;
  guarantor_address: string;
  currency: number;
  currency_code: string;
  months_count: number;
  receipt_frequency: string | null;
  premium_receipt_amount: string | null;
} & Record<string, unknown>;

export type PremiumTotals = { currency: number; currency_code: string; count: number } & Record<(typeof AMOUNTS)[number], string>;

/**
 * Installment sales with their guarantor, what was owed, received (the sale's paid amount, which the
 * receipts allocated to it raise) and what is still open, due this week and overdue since when, as of
 * today; `status` keeps the due or the overdue ones. The list's own filters (branch, currency,
 * customer, dates) narrow the sales first. Totals per currency, never across currencies.
 */
export async function salePremiumReport(
  ex: Executor,
  auth: AuthContext,
  status: PremiumStatusFilter,
  filters: ListQuery,
  today: string = toIsoDate(new Date()),
): Promise<{ rows: PremiumReportRow[]; totals: PremiumTotals[] }> {
  // Only sales with something left can be due or overdue.
  const query: ListQuery = status === "all" ? filters : { ...filters, remaining__gt: "0" };
  const sales = await listAll<PremiumSale>(ex, salePremiumList, { ordering: "input_date", ...query }, auth);
  const rows: PremiumReportRow[] = [];
  for (const sale of sales) {
    const summary = premiumSummary(sale, today);
    const standing = premiumStanding(summary.receipts, today);
    if (!matchesPremiumStatus(standing, status)) continue;
    rows.push({
      id: sale.id,
      branch: sale.branch,
      branch_name: sale.branch_name,
      invoice_no: sale.invoice_no,
      input_date: sale.input_date,
      customer: sale.customer,
      customer_name: sale.customer_name,
      customer_phone: sale.customer_phone ?? "",
      guarantor_name: sale.guarantor_name,
      guarantor_phone: sale.guarantor_phone,
      guarantor_address: sale.guarantor_address,
      currency: sale.currency,
      currency_code: sale.currency_code,
      months_count: sale.months_count,
      receipt_frequency: sale.receipt_frequency ?? "",
      premium_receipt_amount: sale.premium_receipt_amount ?? "0.00",
      owed: summary.owed,
      paid_amount: summary.paid_amount,
      remaining: summary.remaining,
      ...standing,
    });
  }
  return { rows, totals: totalsPerCurrency(rows) };
}

function totalsPerCurrency(rows: readonly PremiumReportRow[]): PremiumTotals[] {
  const byCurrency = new Map<number, PremiumReportRow[]>();
  for (const row of rows) byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
  return [...byCurrency.values()].map((group) => ({
    currency: group[0].currency,
    currency_code: group[0].currency_code,
    count: group.length,
    ...(Object.fromEntries(AMOUNTS.map((key) => [key, toDecimalString(sum(group.map((r) => r[key])))])) as Record<
      (typeof AMOUNTS)[number],
      string
    >),
  }));
}
