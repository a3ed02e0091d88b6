/** HR bodies: positions, employees, contracts, pay runs and salary advances. */
import { array, boolean, mixed, object, string, type InferType } from "yup";
import { MESSAGES } from "../messages";
import { GENDERS, SALARY_STRUCTURES } from "../payroll";
import { NOTE_MAX_LENGTH } from "./accounting-schemas";
import {
  ADDRESS_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  decimalField,
  isoDateField,
  nameField,
  optionalId,
  optionalText,
  requiredId,
} from "./common";
import { installYupLocale } from "./yup-locale";

installYupLocale();

/** Most employees in one pay run. */
export const MAX_PAYROLL_LINES = 500;

export const positionSchema = object({
  name: nameField(),
  description: optionalText(NOTE_MAX_LENGTH),
});
export type PositionInput = InferType<typeof positionSchema>;

const salaryStructure = () => string().oneOf(SALARY_STRUCTURES).required();

/** End not before start, when both are there. */
const endNotBeforeStart = (startKey: string) =>
  isoDateField()
    .nullable()
    .test("after-start", MESSAGES.endBeforeStart, function check(value) {
      const start = (this.parent as Record<string, unknown>)[startKey];
      return !value || typeof start !== "string" || start <= value;
    });

export const employeeSchema = object({
  name: nameField(),
  phone: optionalText(PHONE_MAX_LENGTH),
  gender: string().oneOf(GENDERS).required(),
  branch: requiredId(),
  address: optionalText(ADDRESS_MAX_LENGTH),
  date_of_birth: isoDateField().nullable(),
  position: optionalId(),
  salary_structure: salaryStructure(),
  hire_date: isoDateField().nullable(),
  is_active: boolean().default(true),
  left_date: isoDateField().nullable(),
  /** A media key from POST media/ (the server also takes its /media/<key>/ url back unchanged). */
  image: mixed().nullable(),
});
export type EmployeeInput = InferType<typeof employeeSchema>;

export const employeeContractSchema = object({
  employee: requiredId(),
  start_date: isoDateField().required(),
  end_date: endNotBeforeStart("start_date"),
  salary_amount: decimalField({ sign: "positive" }).required(),
  currency: requiredId(),
  salary_structure: salaryStructure(),
  allowances: decimalField().nullable(),
  notes: optionalText(NOTE_MAX_LENGTH),
});
export type EmployeeContractInput = InferType<typeof employeeContractSchema>;

/**
 * A pay run line. `base` left out is the contract's pay for the period; `additions` is bonus +
 * overtime (sent alone, it is the bonus); `deductions` sent without `absence` is the absence
 * deduction; `advance` left out recovers what the employee owes from advances, as far as the pay goes.
 */
export const payrollLineSchema = object({
  employee: requiredId(),
  base: decimalField().nullable(),
  // Hours worked by an hourly employee in the period (a year has under 9,000).
  hours: decimalField({ below: "100000" }).nullable(),
  bonus: decimalField().nullable(),
  overtime: decimalField().nullable(),
  additions: decimalField().nullable(),
  absence: decimalField().nullable(),
  deductions: decimalField().nullable(),
  advance: decimalField().nullable(),
});
export type PayrollLineInput = InferType<typeof payrollLineSchema>;

export const payrollSchema = object({
  branch: requiredId(),
  period_start: isoDateField().required(MESSAGES.selectStartAndEndDate),
  period_end: endNotBeforeStart("period_start").required(MESSAGES.selectStartAndEndDate),
  cashbox: requiredId().typeError(MESSAGES.cashboxRequired).required(MESSAGES.cashboxRequired),
  input_date: isoDateField().nullable(),
  note: optionalText(NOTE_MAX_LENGTH),
  lines: array().of(payrollLineSchema.required()).required().min(1).max(MAX_PAYROLL_LINES),
});
export type PayrollInput = InferType<typeof payrollSchema>;

export const salaryAdvanceSchema = object({
  branch: requiredId(),
  employee: requiredId(),
  cashbox: requiredId().typeError(MESSAGES.cashboxRequired).required(MESSAGES.cashboxRequired),
  amount: decimalField({ sign: "positive" }).required(),
  input_date: isoDateField().nullable(),
  note: optionalText(NOTE_MAX_LENGTH),
});
export type SalaryAdvanceInput = InferType<typeof salaryAdvanceSchema>;
