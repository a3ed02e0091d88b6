/** Bodies of the money conversion, cashbox adjustment and count, capital and debit invoice. */
import { object, string, type InferType } from "yup";
import { MESSAGES } from "../messages";
import { isDecimalString, isPositive } from "../money";
import { NOTE_MAX_LENGTH, RATE_DECIMALS } from "./accounting-schemas";
import { NAME_MAX_LENGTH, decimalField, isoDateField, optionalId, requiredId } from "./common";
import { installYupLocale } from "./yup-locale";

installYupLocale();

const cashboxId = () => requiredId().typeError(MESSAGES.cashboxRequired).required(MESSAGES.cashboxRequired);
const common = {
  input_date: isoDateField().nullable(),
  note: string().trim().max(NOTE_MAX_LENGTH).nullable(),
};

/**
 * A money conversion (issue contract): from a cashbox in one currency to one in another. `exchange_rate`
 * is optional (the latest recorded one); when sent it must be above zero ("Please enter exchange rate").
 */
export const moneyConversionSchema = object({
  from_cashbox: cashboxId(),
  to_cashbox: cashboxId().test("different", MESSAGES.cashboxesMustDiffer, function different(value) {
    return value == null || value !== (this.parent as { from_cashbox?: unknown }).from_cashbox;
  }),
  amount: decimalField({ sign: "positive" }).required(),
  exchange_rate: decimalField({ decimals: RATE_DECIMALS, sign: "any" })
    .nullable()
    // Only a number is weighed here: a text that is none already has its message ("must be a number").
    .test("rate", MESSAGES.enterExchangeRate, (value) => value == null || !isDecimalString(value) || isPositive(value)),
  ...common,
});
export type MoneyConversionInput = InferType<typeof moneyConversionSchema>;

/** What the cashbox holds when counted (never below zero) against the ledger's balance, and why they differ. */
export const cashboxAdjustmentSchema = object({
  cashbox: cashboxId(),
  counted_balance: decimalField({ sign: "nonNegative" }).required(),
  reason: string().trim().max(NAME_MAX_LENGTH).required(),
  ...common,
});
export type CashboxAdjustmentInput = InferType<typeof cashboxAdjustmentSchema>;

/** A cashbox count at the end of a day or shift: the counted cash; the server reads what was expected. */
export const cashboxCountSchema = object({
  cashbox: cashboxId(),
  counted_balance: decimalField({ sign: "nonNegative" }).required(),
  shift: string().trim().max(NAME_MAX_LENGTH).nullable(),
  note: common.note,
});
export type CashboxCountInput = InferType<typeof cashboxCountSchema>;

export const CAPITAL_DIRECTIONS = ["in", "out"] as const;

/** Capital put in ("in") or drawn ("out") through a cashbox of the branch, by partner where one is named. */
export const capitalSchema = object({
  branch: requiredId(),
  direction: string().oneOf(CAPITAL_DIRECTIONS).required(),
  partner: optionalId(),
  cashbox: cashboxId(),
  amount: decimalField({ sign: "positive" }).required(),
  ...common,
});
export type CapitalInput = InferType<typeof capitalSchema>;

const debitInvoiceFields = {
  branch: requiredId(),
  currency: requiredId(),
  amount: decimalField({ sign: "positive" }).required(),
  ...common,
};

/** An amount a supplier is owed without goods (a fee, an opening balance), in a currency. */
export const supplierDebitInvoiceSchema = object({ ...debitInvoiceFields, supplier: requiredId() });
export type SupplierDebitInvoiceInput = InferType<typeof supplierDebitInvoiceSchema>;

/** An amount a customer owes without goods. */
export const customerDebitInvoiceSchema = object({ ...debitInvoiceFields, customer: requiredId() });
export type CustomerDebitInvoiceInput = InferType<typeof customerDebitInvoiceSchema>;
