import { toIsoDate } from "../../../core/dates";
import { sum, toDecimalString } from "../../../core/money";
import { matchesPremiumStatus, premiumStanding, type PremiumStanding, type PremiumStatusFilter } from "../../../core/premium-status";
import type { Executor } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { listAll, type ListQuery } from "../../http/list-engine";
import { salePremiumList } from "../sale/sale.lists";
import { premiumSummary } from "../sale/sale-installment.service";

/** The amounts each row and each currency's totals carry. */
const AMOUNTS = ["owed", "paid_amount", "remaining", "due_today", "week_due_amount", "overdue_amount"] as const;

/** What a row tells of its sale, as the sale-premium list reads it (the fields that may be null never are here). */
interface SaleFields {
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
}

type Nullable = "customer_phone" | "receipt_frequency" | "premium_receipt_amount";

/** A row of the sale-premium list (a type alias, so premiumSummary takes it as a record). */
type PremiumSale = Omit<SaleFields, Nullable> & { [K in Nullable]: string | null } & Record<string, unknown>;

export interface PremiumReportRow extends PremiumStanding, SaleFields {
  owed: string;
  paid_amount: string;
  remaining: string;
}

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
      ...pickSaleFields(sale),
      customer_phone: sale.customer_phone ?? "",
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

const SALE_KEYS = [
  "id",
  "branch",
  "branch_name",
  "invoice_no",
  "input_date",
  "customer",
  "customer_name",
  "guarantor_name",
  "guarantor_phone",
  "guarantor_address",
  "currency",
  "currency_code",
  "months_count",
] as const;

/** The sale's own fields of a report row, without the rest of the list's row. */
function pickSaleFields(sale: PremiumSale): Pick<SaleFields, (typeof SALE_KEYS)[number]> {
  return Object.fromEntries(SALE_KEYS.map((key) => [key, sale[key]])) as Pick<SaleFields, (typeof SALE_KEYS)[number]>;
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
