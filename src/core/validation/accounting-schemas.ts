/** Accounting bodies. Exchange rate: SPEC sections 3 and 9 (rate = IQD per unit, see exchange-rate.ts). */
import { object, type InferType } from "yup";
import { MESSAGES } from "../messages";
import { decimalField, isoDateField, nameField, requiredId } from "./common";
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

/** A reference sent as its id or as the object the API answers ({id, code, ...}), as a PATCH merges it back. */
const refOrId = () =>
  requiredId().transform((value: unknown, original: unknown) =>
    original && typeof original === "object" && "id" in original ? Number(original.id) : value,
  );

/** A cashbox: a name in a branch, holding one currency (SPEC section 3). */
export const cashboxSchema = object({
  name: nameField(),
  branch: requiredId(),
  currency: refOrId(),
});
export type CashboxInput = InferType<typeof cashboxSchema>;
