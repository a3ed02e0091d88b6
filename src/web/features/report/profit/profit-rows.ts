/** The profit report's answer (GET report/profit/) as the screen shows, prints and charts it. Pure. */
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";

export type ProfitGroup = "day" | "month" | "branch" | "item_group" | "item";

export interface ProfitSums {
  revenue: string;
  cost: string;
  returns: string;
  discount: string;
  profit: string;
}

export interface ProfitRow extends ProfitSums {
  key: string;
  label: string | null;
}

export interface ProfitAnswer {
  currency: { id: number; code: string } | null;
  rows: ProfitRow[];
  totals: ProfitSums;
}

export const PROFIT_FIELDS = ["revenue", "cost", "returns", "discount", "profit"] as const;

/** Money as the lists show it. */
export const money = (value: string | null | undefined): string => {
  const amount = tryMoney(value);
  return amount === null ? "" : formatAmount(amount);
};

/** A row's name: dd/MM/yyyy for a day, MM/yyyy for a month, else the name the server gave. */
export function profitLabel(group: ProfitGroup, row: Pick<ProfitRow, "key" | "label">, none: string): string {
  if (group === "day") return formatDate(row.key);
  if (group === "month") {
    const [year, month] = row.key.split("-");
    return `${month}/${year}`;
  }
  return row.label ?? none;
}

/**
 * What the chart draws: over time (day, month) every row in order; by branch, group or item the ten
 * most profitable, so a long tail does not crowd the axis. Values are numbers for the drawing only.
 */
export function profitChartData(group: ProfitGroup, rows: readonly ProfitRow[], none: string) {
  const overTime = group === "day" || group === "month";
  const chosen = overTime ? rows : [...rows].sort((a, b) => Number(b.profit) - Number(a.profit)).slice(0, 10);
  return chosen.map((row) => ({ name: profitLabel(group, row, none), revenue: Number(row.revenue), profit: Number(row.profit) }));
}
