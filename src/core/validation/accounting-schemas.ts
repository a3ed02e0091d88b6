/** Accounting bodies. Exchange rate: SPEC sections 3 and 9 (rate = IQD per unit, see exchange-rate.ts). */
import { object, type InferType } from "yup";
import { MESSAGES } from "../messages";
import { decimalField, isoDateField, requiredId } from "./common";
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
