/**
 * Payroll arithmetic, shared by the server (pay runs, the payroll list) and the forms.
 * A contract pays `salary_amount + allowances` per unit of its structure (a month, a week, a day, an
 * hour); a pay run's base for an employee is that rate times the units of the period the contract
 * covers. Additions (bonus, overtime) raise the gross; deductions (absence, then the recovered advance)
 * lower what is paid out. Dates are ISO yyyy-MM-dd strings, read as UTC calendar days.
 */
import {
  add,
  isNegative,
  isPositive,
  lessThan,
  max,
  min,
  mul,
  round,
  sub,
  sum,
  toDecimalString,
  toMoney,
  type Money,
  type MoneyInput,
} from "./money";

export const SALARY_STRUCTURES = ["monthly", "weekly", "daily", "hourly"] as const;
export type SalaryStructure = (typeof SALARY_STRUCTURES)[number];

export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

/** Scale of a unit count (months as a fraction of a calendar month). */
export const UNITS_SCALE = 4;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Days from start to end, both included; 0 when end is before start. */
export const daysBetween = (start: string, end: string): number => Math.max(0, dayNumber(end) - dayNumber(start) + 1);

/** Whether two date ranges share a day; a null end is open (the contract runs on). */
export function rangesOverlap(a: { start: string; end: string | null }, b: { start: string; end: string | null }): boolean {
  return (a.end === null || b.start <= a.end) && (b.end === null || a.start <= b.end);
}

/** The days of `period` that `contract` covers, or null when none. */
export function coveredRange(
  period: { start: string; end: string },
  contract: { start: string; end: string | null },
): { start: string; end: string } | null {
  const start = period.start > contract.start ? period.start : contract.start;
  const end = contract.end !== null && contract.end < period.end ? contract.end : period.end;
  return start <= end ? { start, end } : null;
}

/** A calendar month counts 1 whatever its length: each month's covered days over that month's days. */
function monthsIn(start: string, end: string): Money {
  let total = toMoney(0);
  let day = dayNumber(start);
  const last = dayNumber(end);
  while (day <= last) {
    const iso = isoOf(day);
    const year = Number(iso.slice(0, 4));
    const month = Number(iso.slice(5, 7));
    const monthDays = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const monthEnd = dayNumber(`${iso.slice(0, 8)}${String(monthDays).padStart(2, "0")}`);
    const upTo = Math.min(monthEnd, last);
    total = add(total, toMoney(upTo - day + 1).dividedBy(monthDays));
    day = upTo + 1;
  }
  return total;
}

/** The units of a range, unrounded (the base pay multiplies by these). */
function unitsOf(structure: SalaryStructure, range: { start: string; end: string }, hoursWorked?: MoneyInput | null): Money {
  const days = daysBetween(range.start, range.end);
  if (days === 0) return toMoney(0);
  switch (structure) {
    case "monthly":
      return monthsIn(range.start, range.end);
    case "weekly":
      return toMoney(days).dividedBy(7);
    case "daily":
      return toMoney(days);
    case "hourly":
      return toMoney(hoursWorked ?? days * 8);
  }
}

/**
 * The units a structure pays for over a range: months (a whole calendar month is 1), weeks (days / 7),
 * days; hourly contracts are paid by the hours worked, which the caller gives (8 a day by default).
 */
export const periodUnits = (structure: SalaryStructure, range: { start: string; end: string }, hoursWorked?: MoneyInput | null): string =>
  toDecimalString(unitsOf(structure, range, hoursWorked), UNITS_SCALE);

export interface ContractTerms {
  start_date: string;
  end_date: string | null;
  salary_amount: MoneyInput;
  allowances?: MoneyInput | null;
  salary_structure: SalaryStructure;
}

/** The base pay a contract owes for a period: (amount + allowances) x the units it covers. */
export function contractBasePay(
  contract: ContractTerms,
  period: { start: string; end: string },
  hoursWorked?: MoneyInput | null,
): { units: string; base: string } {
  const covered = coveredRange(period, { start: contract.start_date, end: contract.end_date });
  if (!covered) return { units: toDecimalString(0, UNITS_SCALE), base: "0.00" };
  const units = unitsOf(contract.salary_structure, covered, hoursWorked);
  const rate = add(contract.salary_amount, contract.allowances ?? 0);
  return { units: toDecimalString(units, UNITS_SCALE), base: toDecimalString(round(mul(rate, units))) };
}

export interface PayLineInput {
  base: MoneyInput;
  bonus?: MoneyInput | null;
  overtime?: MoneyInput | null;
  absence?: MoneyInput | null;
  /** The advance to recover; null or undefined: as much of `outstandingAdvance` as the pay allows. */
  advance?: MoneyInput | null;
}

export interface PayLineTotals {
  base: string;
  bonus: string;
  overtime: string;
  absence: string;
  advance: string;
  /** bonus + overtime */
  additions: string;
  /** absence + advance */
  deductions: string;
  /** base + additions - absence: the salary expense of the line. */
  gross: string;
  /** gross - advance: what leaves the cashbox. */
  net: string;
}

export type PayLineProblem = "absence_above_pay" | "advance_above_outstanding" | "advance_above_pay";

/**
 * One employee's pay: the gross (salary expense), the advance recovered from it (by default all that
 * is outstanding, as far as the pay goes, so an advance is recovered once), and the net paid out.
 */
export function payLine(input: PayLineInput, outstandingAdvance: MoneyInput): { totals: PayLineTotals } | { problem: PayLineProblem } {
  const bonus = input.bonus ?? 0;
  const overtime = input.overtime ?? 0;
  const absence = input.absence ?? 0;
  const additions = add(bonus, overtime);
  const gross = sub(add(input.base, additions), absence);
  if (isNegative(gross)) return { problem: "absence_above_pay" };
  const owed = max(outstandingAdvance, 0);
  const advance = input.advance == null ? min(owed, gross) : input.advance;
  if (lessThan(owed, advance)) return { problem: "advance_above_outstanding" };
  if (lessThan(gross, advance)) return { problem: "advance_above_pay" };
  const s = (v: MoneyInput) => toDecimalString(v);
  return {
    totals: {
      base: s(input.base),
      bonus: s(bonus),
      overtime: s(overtime),
      absence: s(absence),
      advance: s(advance),
      additions: s(additions),
      deductions: s(add(absence, advance)),
      gross: s(gross),
      net: s(sub(gross, advance)),
    },
  };
}

/** A pay run's totals over its lines. */
export function payrollTotals(lines: readonly Pick<PayLineTotals, "gross" | "advance" | "net">[]) {
  return {
    gross_total: toDecimalString(sum(lines.map((l) => l.gross))),
    advance_total: toDecimalString(sum(lines.map((l) => l.advance))),
    net_total: toDecimalString(sum(lines.map((l) => l.net))),
  };
}

/** Payroll list: what is still owed for a period (never below zero: paying more is not a debt). */
export const outstandingPay = (due: MoneyInput, paid: MoneyInput): string => {
  const left = sub(due, paid);
  return toDecimalString(isPositive(left) ? left : 0);
};
