import { sql } from "drizzle-orm";
import { amountDocumentList } from "../accounting/amount-document-list";
import { documentFields, documentTailSelect } from "../accounting/ledger-document";
import type { ListSpec } from "../../http/list-engine";

/** Pay runs: branch scope, period dates, cashbox, currency, number of employees, sums of the net. */
export const payrollList: ListSpec = {
  source: sql`payroll d
    join branch b on b.id = d.branch_id
    join cashbox cb on cb.id = d.cashbox_id
    join currency cu on cu.id = d.currency_id
    left join app_user u on u.id = d.created_by`,
  select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no,
    d.period_start::text as period_start, d.period_end::text as period_end,
    d.cashbox_id as cashbox, cb.name as cashbox_name,
    d.currency_id as currency, cu.code as currency_code, cu.symbol as currency_symbol, d.exchange_rate::text as exchange_rate,
    (select count(*)::int from payroll_line l where l.payroll_id = d.id) as employee_count,
    d.net_total::text as net_total, d.form_token, ${documentTailSelect}`,
  branch: sql`d.branch_id`,
  currency: sql`d.currency_id`,
  dates: { input_date: sql`d.input_date`, period_start: sql`d.period_start`, period_end: sql`d.period_end` },
  fields: {
    ...documentFields,
    period_start: { sql: sql`d.period_start`, type: "date" },
    period_end: { sql: sql`d.period_end`, type: "date" },
    cashbox: { sql: sql`d.cashbox_id`, type: "integer" },
    cashbox_name: { sql: sql`cb.name`, type: "text" },
    currency_code: { sql: sql`cu.code`, type: "text" },
    net_total: { sql: sql`d.net_total`, type: "number" },
  },
  search: [sql`d.invoice_no::text`, sql`d.note`, sql`cb.name`],
  sums: { net_total: sql`d.net_total` },
};

/** A pay run's lines as its view and print show them (a JSON column of the read). */
export const payrollLinesJson = sql`(select coalesce(json_agg(json_build_object(
    'id', l.id, 'employee', l.employee_id, 'employee_name', e.name, 'position_name', p.name,
    'salary_structure', c.salary_structure, 'contract', l.contract_id, 'units', l.units::text,
    'base', l.base::text, 'bonus', l.bonus::text, 'overtime', l.overtime::text, 'additions', (l.bonus + l.overtime)::text,
    'absence', l.absence::text, 'advance', l.advance::text, 'deductions', (l.absence + l.advance)::text,
    'gross', (l.base + l.bonus + l.overtime - l.absence)::text, 'net', l.net::text
  ) order by e.name, l.id), '[]'::json)
  from payroll_line l join employee e on e.id = l.employee_id
  left join position p on p.id = e.position_id left join employee_contract c on c.id = l.contract_id
  where l.payroll_id = d.id) as lines`;

/** Salary advances: branch scope, date, employee, cashbox, currency, sums of the amount. */
export const salaryAdvanceList = amountDocumentList({
  table: "salary_advance",
  joins: sql`join employee e on e.id = d.employee_id
    join cashbox cb on cb.id = d.cashbox_id`,
  select: sql`d.employee_id as employee, e.name as employee_name, d.cashbox_id as cashbox, cb.name as cashbox_name`,
  fields: {
    employee: { sql: sql`d.employee_id`, type: "integer" },
    employee_name: { sql: sql`e.name`, type: "text" },
    cashbox: { sql: sql`d.cashbox_id`, type: "integer" },
    cashbox_name: { sql: sql`cb.name`, type: "text" },
  },
  search: [sql`e.name`, sql`d.invoice_no::text`, sql`d.note`],
});
