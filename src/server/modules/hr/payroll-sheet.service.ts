import { add, sub, sum, toDecimalString } from "../../../core/money";
import { contractBasePay, outstandingPay, payLine } from "../../../core/payroll";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { notFound } from "../../http/errors";
import { invalidChoice } from "../../http/resource";
import { alreadyPaid, outstandingAdvance } from "./employee.repository";
import { contractsOfPeriod, paidOfPeriod } from "./payroll-sheet.repository";

export interface DraftParams {
  branch: number;
  cashbox: number;
  start: string;
  end: string;
  /** The pay run being edited: its own employees are not "already paid". */
  payroll: number | null;
}

/**
 * The lines a new pay run proposes: every active employee of the branch with a contract for the period
 * in the cashbox's currency and not yet paid for it, with the contract's base for the period and the
 * advance that would be recovered (the server works the same out again when the run is saved).
 */
export async function payrollDraft(db: Db, auth: AuthContext, p: DraftParams) {
  if (!auth.branchIds.includes(p.branch)) throw invalidChoice("branch");
  const [box] = await queryRows<{ currency_id: number }>(
    db,
    sql`select currency_id from cashbox where id = ${p.cashbox} and branch_id = ${p.branch} and deleted_at is null`,
  );
  if (!box) throw invalidChoice("cashbox");
  const period = { start: p.start, end: p.end };
  const contracts = (await contractsOfPeriod(db, { ...period, branchIds: [p.branch] })).filter(
    (c) => c.is_active && c.currency_id === box.currency_id,
  );
  const paid = new Set(
    await alreadyPaid(
      db,
      contracts.map((c) => c.employee_id),
      period,
      p.payroll,
    ),
  );
  const lines = [];
  const seen = new Set<number>();
  for (const c of contracts) {
    if (paid.has(c.employee_name) || seen.has(c.employee_id)) continue;
    seen.add(c.employee_id);
    const due = contractBasePay(c, period);
    const owed = await outstandingAdvance(db, c.employee_id, box.currency_id);
    const pay = payLine({ base: due.base }, owed);
    if ("problem" in pay) continue;
    lines.push({
      employee: c.employee_id,
      employee_name: c.employee_name,
      position_name: c.position_name,
      salary_structure: c.salary_structure,
      contract: c.contract_id,
      salary_amount: c.salary_amount,
      units: due.units,
      outstanding_advance: toDecimalString(owed),
      ...pay.totals,
    });
  }
  return { currency: box.currency_id, lines };
}

export interface PayrollListParams {
  start: string;
  end: string;
  branches: number[] | null;
}

/**
 * The payroll list: for a period, every employee with a contract, per currency: what the
 * contract makes due (its base for the period, plus the additions less the absences of the pay runs),
 * what the pay runs paid (net paid out plus advances recovered) and what is still outstanding.
 */
export async function payrollListReport(db: Db, auth: AuthContext, p: PayrollListParams) {
  const branchIds = p.branches ? p.branches.filter((b) => auth.branchIds.includes(b)) : auth.branchIds;
  if (p.branches && branchIds.length === 0) throw notFound();
  const q = { start: p.start, end: p.end, branchIds };
  const [contracts, paidRows] = await Promise.all([contractsOfPeriod(db, q), paidOfPeriod(db, q)]);
  const rows = new Map<
    string,
    Record<string, unknown> & { currency_code: string; due: string; paid: string; net_paid: string; advance: string }
  >();
  for (const c of contracts) {
    const key = `${c.employee_id}:${c.currency_id}`;
    const base = contractBasePay(c, q).base;
    const row = rows.get(key);
    if (row) {
      row.due = toDecimalString(add(row.due, base));
      continue;
    }
    rows.set(key, {
      employee: c.employee_id,
      employee_name: c.employee_name,
      position_name: c.position_name,
      branch: c.branch_id,
      branch_name: c.branch_name,
      salary_structure: c.salary_structure,
      salary_amount: c.salary_amount,
      currency: c.currency_id,
      currency_code: c.currency_code,
      due: base,
      paid: "0.00",
      net_paid: "0.00",
      advance: "0.00",
    });
  }
  for (const r of paidRows) {
    const row = rows.get(`${r.employee_id}:${r.currency_id}`);
    if (!row) continue;
    row.due = toDecimalString(sub(add(row.due, r.additions), r.absence));
    row.paid = toDecimalString(add(r.net, r.advance));
    row.net_paid = toDecimalString(r.net);
    row.advance = toDecimalString(r.advance);
  }
  const results = [...rows.values()].map((r) => ({ ...r, outstanding: outstandingPay(r.due, r.paid) }));
  const totals = new Map<string, { currency_code: string; due: string[]; paid: string[]; outstanding: string[] }>();
  for (const r of results) {
    const code = r.currency_code;
    const t = totals.get(code) ?? { currency_code: code, due: [], paid: [], outstanding: [] };
    t.due.push(r.due);
    t.paid.push(r.paid);
    t.outstanding.push(r.outstanding);
    totals.set(code, t);
  }
  return {
    period_start: p.start,
    period_end: p.end,
    count: results.length,
    results,
    totals: [...totals.values()].map((t) => ({
      currency_code: t.currency_code,
      due: toDecimalString(sum(t.due)),
      paid: toDecimalString(sum(t.paid)),
      outstanding: toDecimalString(sum(t.outstanding)),
    })),
  };
}
