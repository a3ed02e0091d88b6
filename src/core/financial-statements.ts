/**
 * The financial statements from per-account sums of the ledger (DESIGN "The books"): trial balance,
 * profit and loss, balance sheet. Pure: the server sums the ledger lines (in the base currency at the
 * rate each line was booked at, or in one currency) and these arrange, sign and total them.
 */
import { CHART_GROUPS, isDebitNormal, type AccountClass, type ChartGroupKey } from "./chart-of-accounts";
import { add, isNegative, negate, sub, sum, toDecimalString, type MoneyInput } from "./money";

/** An account as the statements name it (from the chart). */
export interface StatementAccount {
  account: string;
  code: string;
  name: string;
  name_ar: string;
  name_ckb: string;
  class: AccountClass;
  group: ChartGroupKey;
}

/** A net debit - credit as two columns: what is positive shows as debit, what is negative as credit. */
export function debitCreditColumns(net: MoneyInput): { debit: string; credit: string } {
  return isNegative(net) ? { debit: "0.00", credit: toDecimalString(negate(net)) } : { debit: toDecimalString(net), credit: "0.00" };
}

export interface TrialBalanceSums {
  /** debit - credit before the period. */
  opening: string;
  /** The period's debits and credits. */
  debit: string;
  credit: string;
}

export interface TrialBalanceRow extends StatementAccount {
  opening_debit: string;
  opening_credit: string;
  debit: string;
  credit: string;
  closing_debit: string;
  closing_credit: string;
}

const TRIAL_BALANCE_COLUMNS = ["opening_debit", "opening_credit", "debit", "credit", "closing_debit", "closing_credit"] as const;
export type TrialBalanceTotals = Record<(typeof TRIAL_BALANCE_COLUMNS)[number], string>;

export function trialBalance(accounts: readonly (StatementAccount & TrialBalanceSums)[]): {
  rows: TrialBalanceRow[];
  totals: TrialBalanceTotals;
} {
  const rows = accounts.map(({ opening, debit, credit, ...account }) => {
    const open = debitCreditColumns(opening);
    const close = debitCreditColumns(sub(add(opening, debit), credit));
    return {
      ...account,
      opening_debit: open.debit,
      opening_credit: open.credit,
      debit: toDecimalString(debit),
      credit: toDecimalString(credit),
      closing_debit: close.debit,
      closing_credit: close.credit,
    };
  });
  const totals = Object.fromEntries(
    TRIAL_BALANCE_COLUMNS.map((c) => [c, toDecimalString(sum(rows.map((r) => r[c])))]),
  ) as TrialBalanceTotals;
  return { rows, totals };
}

/** An account's balance the way its class reads it (assets and expenses debit - credit, the others credit - debit). */
export const signedBalance = (accountClass: AccountClass, debitMinusCredit: MoneyInput) =>
  toDecimalString(isDebitNormal(accountClass) ? debitMinusCredit : negate(debitMinusCredit));

export interface StatementLine extends StatementAccount {
  amount: string;
}

export type ProfitSectionKey =
  "sales" | "returns" | "cost_of_goods" | "other_income" | "expenses" | "payroll" | "damaged_stock" | "cash_over_short" | "exchange";

export interface ProfitSection {
  key: ProfitSectionKey;
  /** income: adds to profit; expense: subtracts from it. */
  class: "income" | "expense";
  lines: StatementLine[];
  total: string;
}

const SECTION_OF_GROUP: Partial<Record<ChartGroupKey, ProfitSectionKey>> = {
  sales: "sales",
  costOfGoods: "cost_of_goods",
  otherIncome: "other_income",
  expenses: "expenses",
  payroll: "payroll",
  damagedStock: "damaged_stock",
  cashOverShort: "cash_over_short",
  exchange: "exchange",
};

const SECTION_ORDER: readonly ProfitSectionKey[] = [
  "sales",
  "returns",
  "cost_of_goods",
  "other_income",
  "expenses",
  "payroll",
  "damaged_stock",
  "cash_over_short",
  "exchange",
];

export interface ProfitAccountSums extends StatementAccount {
  /** debit - credit over the period. */
  net: string;
  /** debit - credit of it that sale returns booked (revenue only): shown as returns beside the sales. */
  returns_net?: string;
}

export interface ProfitAndLoss {
  sections: ProfitSection[];
  /** sales + returns - cost of goods. */
  gross_profit: string;
  /** every income - every expense: what the balance sheet's equity gains. */
  net_profit: string;
}

/**
 * Profit and loss over a period from the income and expense accounts' sums: sales with their returns
 * apart, cost of goods, gross profit, then other income and each kind of expense, and net profit.
 * Income lines are credit - debit, expense lines debit - credit (a cash surplus is a negative expense).
 */
export function profitAndLoss(accounts: readonly ProfitAccountSums[]): ProfitAndLoss {
  const lines = new Map<ProfitSectionKey, StatementLine[]>();
  const push = (key: ProfitSectionKey, line: StatementLine) => lines.set(key, [...(lines.get(key) ?? []), line]);
  for (const { net, returns_net, ...account } of accounts) {
    if (account.class !== "income" && account.class !== "expense") continue;
    const key = SECTION_OF_GROUP[account.group] ?? (account.class === "income" ? "other_income" : "expenses");
    if (key === "sales" && returns_net !== undefined) {
      push("sales", { ...account, amount: signedBalance("income", sub(net, returns_net)) });
      push("returns", { ...account, amount: signedBalance("income", returns_net) });
    } else {
      push(key, { ...account, amount: signedBalance(account.class, net) });
    }
  }
  const sections: ProfitSection[] = SECTION_ORDER.map((key) => {
    const sectionLines = lines.get(key) ?? [];
    const sectionClass = key === "sales" || key === "returns" || key === "other_income" ? "income" : "expense";
    return { key, class: sectionClass, lines: sectionLines, total: toDecimalString(sum(sectionLines.map((l) => l.amount))) };
  });
  const total = (key: ProfitSectionKey) => sections.find((s) => s.key === key)?.total ?? "0.00";
  const income = sum(sections.filter((s) => s.class === "income").map((s) => s.total));
  const expense = sum(sections.filter((s) => s.class === "expense").map((s) => s.total));
  return {
    sections,
    gross_profit: toDecimalString(sub(add(total("sales"), total("returns")), total("cost_of_goods"))),
    net_profit: toDecimalString(sub(income, expense)),
  };
}

export interface BalanceSheetGroup {
  group: ChartGroupKey;
  code: string;
  name: string;
  name_ar: string;
  name_ckb: string;
  lines: StatementLine[];
  total: string;
}

export interface BalanceSheet {
  assets: BalanceSheetGroup[];
  liabilities: BalanceSheetGroup[];
  equity: BalanceSheetGroup[];
  /** The profit of earlier years and of the year up to the date, inside equity's total. */
  retained_earnings: string;
  profit_of_year: string;
  total_assets: string;
  total_liabilities: string;
  total_equity: string;
  total_liabilities_and_equity: string;
}

export interface BalanceSheetSums extends StatementAccount {
  /** debit - credit up to the date. */
  net: string;
}

function groupsOf(accounts: readonly BalanceSheetSums[], accountClass: AccountClass): BalanceSheetGroup[] {
  const groups = new Map<ChartGroupKey, StatementLine[]>();
  for (const { net, ...account } of accounts) {
    if (account.class !== accountClass) continue;
    groups.set(account.group, [...(groups.get(account.group) ?? []), { ...account, amount: signedBalance(accountClass, net) }]);
  }
  return [...groups].map(([key, lines]) => ({
    group: key,
    code: CHART_GROUPS[key].code,
    name: CHART_GROUPS[key].name.en,
    name_ar: CHART_GROUPS[key].name.ar,
    name_ckb: CHART_GROUPS[key].name.ckb,
    lines,
    total: toDecimalString(sum(lines.map((l) => l.amount))),
  }));
}

/**
 * The balance sheet at a date: assets, liabilities and equity from the accounts' balances, equity
 * holding the profit of earlier years (retained earnings, while no year is closed into an account) and
 * the year's profit up to the date, so assets = liabilities + equity whenever every posting balances.
 */
export function balanceSheet(accounts: readonly BalanceSheetSums[], earlierProfit: MoneyInput, yearProfit: MoneyInput): BalanceSheet {
  const assets = groupsOf(accounts, "asset");
  const liabilities = groupsOf(accounts, "liability");
  const equity = groupsOf(accounts, "equity");
  const totalOf = (groups: BalanceSheetGroup[]) => sum(groups.map((g) => g.total));
  const totalEquity = add(add(totalOf(equity), earlierProfit), yearProfit);
  return {
    assets,
    liabilities,
    equity,
    retained_earnings: toDecimalString(earlierProfit),
    profit_of_year: toDecimalString(yearProfit),
    total_assets: toDecimalString(totalOf(assets)),
    total_liabilities: toDecimalString(totalOf(liabilities)),
    total_equity: toDecimalString(totalEquity),
    total_liabilities_and_equity: toDecimalString(add(totalOf(liabilities), totalEquity)),
  };
}

/** Net profit of accounts' debit - credit sums: every income (credit - debit) less every expense (debit - credit). */
export const netProfitOf = (accounts: readonly { class: AccountClass; net: string }[]) =>
  toDecimalString(negate(sum(accounts.filter((a) => a.class === "income" || a.class === "expense").map((a) => a.net))));

/** A period of a statement's columns (ISO dates, both inclusive). */
export interface StatementPeriod {
  start: string;
  end: string;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** The months a period spans, each cut to the period (the first and last may be part months); at most `max`. */
export function monthPeriods(start: string, end: string, max = 36): StatementPeriod[] {
  const out: StatementPeriod[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  while (out.length < max) {
    const first = iso(year, month, 1);
    if (first > end) break;
    const last = iso(year, month, daysInMonth(year, month));
    out.push({ start: first < start ? start : first, end: last > end ? end : last });
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return out;
}

/** The same period a year earlier (29 February becomes the 28th). */
export function yearEarlier(period: StatementPeriod): StatementPeriod {
  const back = (date: string) => {
    const year = Number(date.slice(0, 4)) - 1;
    const month = Number(date.slice(5, 7));
    return iso(year, month, Math.min(Number(date.slice(8, 10)), daysInMonth(year, month)));
  };
  return { start: back(period.start), end: back(period.end) };
}
