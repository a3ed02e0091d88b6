/**
 * Field builders shared by the schema files, and the bridge from yup errors to the API's 400 body.
 * Builders are functions, not constants, so each schema gets a fresh field built after the locale.
 */
import { array, number, object, string, ValidationError, type AnySchema, type InferType } from "yup";
import { isIsoDate } from "../dates";
import { MESSAGES, interpolate } from "../messages";
import { decimalPlaces, isDecimalString, isNegative, isPositive, lessThan, toMoney, type MoneyInput } from "../money";
import { installYupLocale } from "./yup-locale";

installYupLocale();

export const NAME_MAX_LENGTH = 255;
export const PHONE_MAX_LENGTH = 32;
export const ADDRESS_MAX_LENGTH = 500;

// Formik keeps an empty input as ""; treat it as "no value" so `required` says "This field is required".
const emptyToUndefined = <T>(value: T, original: unknown): T | undefined =>
  original === "" || (typeof original === "string" && original.trim() === "") ? undefined : value;
const emptyToNull = <T>(value: T, original: unknown): T | null =>
  original === "" || (typeof original === "string" && original.trim() === "") ? null : value;

/** A required, trimmed name of at most 255 characters. */
export const nameField = (max: number = NAME_MAX_LENGTH) => string().trim().required().max(max);

/** A record that is only its name (a city, a measurement, an item group, an expense type...). */
export const namedRecordSchema = object({ name: nameField() });

/** Optional free text: trimmed, may be null or missing. */
export const optionalText = (max: number) => string().trim().max(max).nullable();

/** PostgreSQL's integer, the type of every id: a larger one could only fail in the database. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id; "" (an unselected select) counts as missing. */
export const idField = () => number().transform(emptyToUndefined).integer().positive().max(MAX_ID);
export const requiredId = () => idField().required();
export const optionalId = () => number().transform(emptyToNull).integer().positive().max(MAX_ID).nullable();

/** A non-empty list of ids, e.g. a supplier's branches. */
export const idList = (emptyMessage: string = interpolate(MESSAGES.minItems, { min: 1 })) =>
  array().of(requiredId()).required().min(1, emptyMessage);

export interface DecimalFieldOptions {
  /** Most digits after the point (default 2: money). */
  decimals?: number;
  /** "nonNegative" (default): >= 0; "positive": > 0; "any": either sign. */
  sign?: "nonNegative" | "positive" | "any";
  /** Exclusive upper bound (default 10^15: what a numeric(18, 3) column holds). */
  below?: MoneyInput;
}

/**
 * An amount or quantity as a decimal string; numbers are accepted and cast to their string form.
 * The output stays a string so no float ever carries it; the server turns it into money.ts values.
 */
export function decimalField(options: DecimalFieldOptions = {}) {
  const { decimals = 2, sign = "nonNegative", below = "1000000000000000" } = options;
  const valid = (value: string | null | undefined): value is string => typeof value === "string" && isDecimalString(value);
  return string()
    .transform((value: string | undefined, original: unknown) => emptyToUndefined(value?.trim(), original))
    .test("decimal", MESSAGES.number, (value) => value === undefined || value === null || valid(value))
    .test("sign", function check(value) {
      if (!valid(value)) return true;
      if (sign === "nonNegative" && isNegative(value)) {
        return this.createError({ message: interpolate(MESSAGES.greaterThanOrEqual, { min: 0 }) });
      }
      if (sign === "positive" && !isPositive(value)) return this.createError({ message: MESSAGES.positive });
      return true;
    })
    .test("decimals", interpolate(MESSAGES.maxDecimals, { max: decimals }), (value) =>
      valid(value) ? decimalPlaces(value) <= decimals : true,
    )
    .test("below", interpolate(MESSAGES.lessThan, { max: toMoney(below).toFixed() }), (value) =>
      valid(value) ? lessThan(toMoney(value).abs(), below) : true,
    );
}

/** A money amount: >= 0, at most 2 decimals. */
export const amountField = () => decimalField();
/** A quantity: >= 0, at most 3 decimals. */
export const quantityField = () => decimalField({ decimals: 3 });

/** A calendar date in the storage form yyyy-MM-dd. */
export const isoDateField = () =>
  string()
    .transform((value: string | undefined, original: unknown) => emptyToUndefined(value?.trim(), original))
    .test("iso-date", MESSAGES.date, (value) => value === undefined || value === null || isIsoDate(value));

/** The API's 400 body from a yup error: {field: [message, ...]}; errors without a path go to "message". */
export function toFieldErrors(error: ValidationError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const inner = error.inner.length > 0 ? error.inner : [error];
  for (const item of inner) {
    const key = item.path || "message";
    const messages = (out[key] ??= []);
    for (const message of item.errors) if (!messages.includes(message)) messages.push(message);
  }
  return out;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string[]> };

/**
 * Validates and casts a request body, collecting every error and dropping unknown keys (so a client
 * cannot set server-owned fields such as created_by through the body).
 */
export async function validateBody<S extends AnySchema>(schema: S, body: unknown): Promise<ValidationResult<InferType<S>>> {
  try {
    const value = (await schema.validate(body, { abortEarly: false, stripUnknown: true })) as InferType<S>;
    return { ok: true, value };
  } catch (error) {
    if (ValidationError.isError(error)) return { ok: false, errors: toFieldErrors(error) };
    throw error;
  }
}

/** Synchronous twin of validateBody for schemas without async tests (all of this folder's). */
export function validateBodySync<S extends AnySchema>(schema: S, body: unknown): ValidationResult<InferType<S>> {
  try {
    return { ok: true, value: schema.validateSync(body, { abortEarly: false, stripUnknown: true }) };
  } catch (error) {
    if (ValidationError.isError(error)) return { ok: false, errors: toFieldErrors(error) };
    throw error;
  }
}
