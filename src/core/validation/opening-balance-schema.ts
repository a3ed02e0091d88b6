/** The opening balance body (issue contract): a branch, a date and four sections of lines. */
import { array, object, string, type InferType } from "yup";
import { NOTE_MAX_LENGTH } from "./accounting-schemas";
import { decimalField, isoDateField, optionalText, requiredId } from "./common";
import { installYupLocale } from "./yup-locale";

installYupLocale();

/** Enough for a business's whole opening stock in one document, small enough to bound one request. */
export const OPENING_LINES_MAX = 5000;

const amount = () => decimalField({ sign: "positive" }).required();

export const openingBalanceSchema = object({
  branch: requiredId(),
  input_date: isoDateField().required(),
  note: string().trim().max(NOTE_MAX_LENGTH).nullable(),
  cashboxes: array()
    .of(object({ cashbox: requiredId(), amount: amount() }))
    .max(OPENING_LINES_MAX)
    .default([]),
  customers: array()
    .of(object({ customer: requiredId(), currency: requiredId(), amount: amount() }))
    .max(OPENING_LINES_MAX)
    .default([]),
  suppliers: array()
    .of(object({ supplier: requiredId(), currency: requiredId(), amount: amount() }))
    .max(OPENING_LINES_MAX)
    .default([]),
  stock: array()
    .of(
      object({
        inventory: requiredId(),
        item: requiredId(),
        batch_number: optionalText(255),
        expire_date: isoDateField().nullable(),
        quantity: decimalField({ decimals: 3, sign: "positive" }).required(),
        cost: decimalField().required(),
      }),
    )
    .max(OPENING_LINES_MAX)
    .default([]),
});
export type OpeningBalanceInput = InferType<typeof openingBalanceSchema>;
