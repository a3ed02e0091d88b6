import { boolean, date, index, integer, numeric, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdBy, lineOf, money, refersTo, stamps, syncable } from "./columns";
import { bookedCurrency, documentColumns, formToken } from "./document-columns";
import { branch, cashbox, currency, media } from "./organisation";

/**
 * HR and payroll. Employees belong to one branch; a contract says what an employee earns
 * (amount, currency, salary structure) between two dates, never overlapping another of theirs; a pay
 * run (payroll) pays the employees of one branch for a period from one cashbox, one line each, and
 * posts salary expense against the cashbox; a salary advance pays an employee early from a cashbox
 * and is recovered on their next pay run (the employee's ledger account holds it meanwhile).
 */
export const position = pgTable("position", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  createdBy: createdBy(),
  ...stamps,
  ...syncable,
});

export const employee = pgTable(
  "employee",
  {
    id: serial("id").primaryKey(),
    branchId: refersTo("branch_id", () => branch.id),
    name: text("name").notNull(),
    phone: text("phone").notNull().default(""),
    /** male | female */
    gender: text("gender").notNull(),
    address: text("address").notNull().default(""),
    imageMediaId: integer("image_media_id").references(() => media.id),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    positionId: integer("position_id").references(() => position.id),
    /** monthly | weekly | daily | hourly */
    salaryStructure: text("salary_structure").notNull(),
    hireDate: date("hire_date", { mode: "string" }),
    /** false once the employee has left. */
    isActive: boolean("is_active").notNull().default(true),
    leftDate: date("left_date", { mode: "string" }),
    createdBy: createdBy(),
    ...stamps,
    ...syncable,
  },
  (t) => [index("employee_branch_idx").on(t.branchId)],
);

export const employeeContract = pgTable(
  "employee_contract",
  {
    id: serial("id").primaryKey(),
    /** The employee's branch, kept on the row for the list's branch scope. */
    branchId: refersTo("branch_id", () => branch.id),
    employeeId: refersTo("employee_id", () => employee.id),
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** null: open-ended. */
    endDate: date("end_date", { mode: "string" }),
    salaryAmount: money("salary_amount").notNull(),
    currencyId: refersTo("currency_id", () => currency.id),
    salaryStructure: text("salary_structure").notNull(),
    /** Paid with the salary, per unit of the structure. */
    allowances: money("allowances").notNull().default("0"),
    notes: text("notes").notNull().default(""),
    createdBy: createdBy(),
    ...stamps,
    ...syncable,
  },
  (t) => [index("employee_contract_employee_idx").on(t.employeeId, t.startDate)],
);

export const payroll = pgTable(
  "payroll",
  {
    ...documentColumns(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    cashboxId: refersTo("cashbox_id", () => cashbox.id),
    ...bookedCurrency(),
    netTotal: money("net_total").notNull(),
    // A SQL date here, where the other documents keep the day as text.
    inputDate: date("input_date", { mode: "string" }).notNull(),
    formToken: formToken(),
  },
  (t) => [index("payroll_branch_idx").on(t.branchId, t.periodStart)],
);

export const payrollLine = pgTable(
  "payroll_line",
  {
    id: serial("id").primaryKey(),
    payrollId: lineOf("payroll_id", () => payroll.id),
    employeeId: refersTo("employee_id", () => employee.id),
    contractId: integer("contract_id").references(() => employeeContract.id),
    /** Months, weeks, days or hours the base pays for. */
    units: numeric("units", { precision: 18, scale: 4 }).notNull().default("0"),
    base: money("base").notNull(),
    bonus: money("bonus").notNull().default("0"),
    overtime: money("overtime").notNull().default("0"),
    absence: money("absence").notNull().default("0"),
    /** The part of the employee's outstanding advances recovered by this line. */
    advance: money("advance").notNull().default("0"),
    net: money("net").notNull(),
  },
  (t) => [index("payroll_line_payroll_idx").on(t.payrollId), index("payroll_line_employee_idx").on(t.employeeId)],
);

export const salaryAdvance = pgTable(
  "salary_advance",
  {
    ...documentColumns(),
    employeeId: refersTo("employee_id", () => employee.id),
    cashboxId: refersTo("cashbox_id", () => cashbox.id),
    ...bookedCurrency(),
    amount: money("amount").notNull(),
    // A SQL date here, where the other documents keep the day as text.
    inputDate: date("input_date", { mode: "string" }).notNull(),
    formToken: formToken(),
  },
  (t) => [index("salary_advance_branch_idx").on(t.branchId, t.inputDate), index("salary_advance_employee_idx").on(t.employeeId)],
);
