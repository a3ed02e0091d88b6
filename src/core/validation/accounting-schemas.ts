/** Accounting bodies. Exchange rate: SPEC sections 3 and 9 (rate = IQD per unit, see exchange-rate.ts). */
import { array, number, object, string, type InferType } from "yup";
import { MESSAGES } from "../messages";
import { ACCOUNT_CODE } from "../chart-of-accounts";
import { NAME_MAX_LENGTH, decimalField, isoDateField, nameField, namedRecordSchema, optionalId, optionalText, requiredId } from "./common";
import { creditNotesField } from "./settlement-fields";
import { installYupLocale } from "./yup-locale";

installYupLocale();

/** Rates such as 0.000676 need more than the 2 decimals of money. */
export const RATE_DECIMALS = 6;

export const exchangeRateSchema = object({
  currency: requiredId(),
  rate: decimalField({ decimals: RATE_DECIMALS, sign: "positive" }).required(MESSAGES.enterExchangeRate),
  input_date: isoDateField().required(),
});
export type ExchangeRateInput = InferType<typeof exchangeRateSchema>;

/** A cashbox: a name in a branch, holding one currency (SPEC section 3). */
export const cashboxSchema = object({
  name: nameField(),
  branch: requiredId(),
  currency: requiredId(),
});
export type CashboxInput = InferType<typeof cashboxSchema>;

/** Most characters of a money document's note. */
export const NOTE_MAX_LENGTH = 1000;

const allocationAmount = () => decimalField({ sign: "positive" }).required();
const saleAllocations = () =>
  array()
    .of(object({ sale: requiredId(), amount: allocationAmount() }).required())
    .nullable()
    .default(null);
const purchaseAllocations = () =>
  array()
    .of(object({ purchase: requiredId(), amount: allocationAmount() }).required())
    .nullable()
    .default(null);
/** The party's debit invoices (customer's on a receipt, supplier's on a payment) it settles. */
const debitInvoiceAllocations = () =>
  array()
    .of(object({ debit_invoice: requiredId(), amount: allocationAmount() }).required())
    .nullable()
    .default(null);

const moneyDocumentFields = {
  branch: requiredId(),
  cashbox: requiredId().typeError(MESSAGES.cashboxRequired).required(MESSAGES.cashboxRequired),
  /** Optional: when sent it must be the cashbox's ("Cashbox currency mismatch"). */
  currency: optionalId(),
  amount: decimalField({ sign: "positive" }).required(),
  input_date: isoDateField().nullable(),
  note: string().trim().max(NOTE_MAX_LENGTH).nullable(),
};

/**
 * A receipt from a customer (issue contract): `sales` and `debit_invoices` optional; both omitted (or
 * null), the server settles the customer's oldest open sales and debit invoices in the cashbox's
 * currency first. `date` is accepted for input_date.
 */
export const receiptSchema = object({
  ...moneyDocumentFields,
  customer: requiredId(),
  sales: saleAllocations(),
  debit_invoices: debitInvoiceAllocations(),
  /** The customer's open credit notes it uses beside its cash: they settle invoices as its amount does. */
  credit_notes: creditNotesField(),
});
export type ReceiptInput = InferType<typeof receiptSchema>;

/** A payment to a supplier: the same shape with `supplier`, `purchases` and the supplier's `debit_invoices`. */
export const paymentSchema = object({
  ...moneyDocumentFields,
  supplier: requiredId(),
  purchases: purchaseAllocations(),
  debit_invoices: debitInvoiceAllocations(),
  credit_notes: creditNotesField(),
});
export type PaymentInput = InferType<typeof paymentSchema>;

/** An expense type or income type: a name. */
export const accountTypeSchema = namedRecordSchema;
export type AccountTypeInput = InferType<typeof accountTypeSchema>;

const cashboxDocumentFields = {
  branch: requiredId(),
  cashbox: requiredId().typeError(MESSAGES.cashboxRequired).required(MESSAGES.cashboxRequired),
  /** Optional: when sent it must be the cashbox's ("Cashbox currency mismatch"). */
  currency: optionalId(),
  amount: decimalField({ sign: "positive" }).required(),
  input_date: isoDateField().nullable(),
  note: string().trim().max(NOTE_MAX_LENGTH).nullable(),
};

/** An expense (issue contract): branch, expense type, cashbox, amount in the cashbox's currency, date, note. */
export const expenseSchema = object({ ...cashboxDocumentFields, expense_type: requiredId() });
export type ExpenseInput = InferType<typeof expenseSchema>;

/** An income: the same with `income_type`. */
export const incomeSchema = object({ ...cashboxDocumentFields, income_type: requiredId() });
export type IncomeInput = InferType<typeof incomeSchema>;

/**
 * A cashbox transfer (issue contract): from one cashbox to another of the same currency. The two must
 * differ (SPEC: "Cashboxes must be different"), which the form checks too.
 */
export const cashboxTransferSchema = object({
  from_cashbox: requiredId().typeError(MESSAGES.cashboxRequired).required(MESSAGES.cashboxRequired),
  to_cashbox: requiredId()
    .typeError(MESSAGES.cashboxRequired)
    .required(MESSAGES.cashboxRequired)
    .test("different", MESSAGES.cashboxesMustDiffer, function different(value) {
      return value == null || value !== (this.parent as { from_cashbox?: unknown }).from_cashbox;
    }),
  amount: decimalField({ sign: "positive" }).required(),
  input_date: isoDateField().nullable(),
  note: string().trim().max(NOTE_MAX_LENGTH).nullable(),
});
export type CashboxTransferInput = InferType<typeof cashboxTransferSchema>;

/**
 * A change of an account of the chart (PATCH accounting/account/<id>/): its code and its names; a field
 * left out keeps its value, an empty or null one goes back to the chart's default.
 */
export const ledgerAccountSchema = object({
  code: string().trim().max(20).matches(ACCOUNT_CODE, { message: MESSAGES.invalid, excludeEmptyString: true }).nullable(),
  name: optionalText(NAME_MAX_LENGTH),
  name_ar: optionalText(NAME_MAX_LENGTH),
  name_ckb: optionalText(NAME_MAX_LENGTH),
});
export type LedgerAccountInput = InferType<typeof ledgerAccountSchema>;

/**
 * A period lock (PUT accounting/period-lock/): a branch or null for every branch, and its lock date
 * (null lifts it; the route asks that it be named, so a body that forgets it lifts nothing).
 */
export const periodLockSchema = object({
  branch: optionalId(),
  lock_date: isoDateField().nullable(),
});
export type PeriodLockInput = InferType<typeof periodLockSchema>;

/** A year to close or reopen (POST accounting/year-close/ and year-close/reopen/) in one branch. */
export const yearCloseSchema = object({
  branch: requiredId(),
  year: number()
    .transform((v: number, original: unknown) => (original === "" || original === null ? undefined : v))
    .integer()
    .min(1900)
    .max(9999)
    .required(),
});
export type YearCloseInput = InferType<typeof yearCloseSchema>;
