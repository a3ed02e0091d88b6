/**
 * Makes every generic yup error the English text of MESSAGES (SPEC section 5), interpolated, without
 * the field path: the server answers {field: [message]} and the web app shows the field next to it.
 *
 * yup reads its locale when a schema is built (`string().min(3)` captures the message then), so
 * installYupLocale() must run before any schema is created. Every schema file of this folder calls it
 * at its top, so importing a schema is enough.
 */
import { setLocale, type LocaleObject } from "yup";
import { MESSAGES, interpolate } from "../messages";

const listOf = (values: unknown): string => (Array.isArray(values) ? values : [values]).map((v) => String(v)).join(", ");

const TYPE_MESSAGES: Record<string, string> = {
  number: MESSAGES.number,
  date: MESSAGES.date,
  boolean: MESSAGES.booleanType,
  string: MESSAGES.stringType,
  array: MESSAGES.arrayType,
  object: MESSAGES.objectType,
  tuple: MESSAGES.arrayType,
};

export const YUP_LOCALE: LocaleObject = {
  mixed: {
    default: MESSAGES.invalid,
    required: MESSAGES.required,
    defined: MESSAGES.required,
    notNull: MESSAGES.required,
    oneOf: ({ values }) => interpolate(MESSAGES.oneOf, { values: listOf(values) }),
    notOneOf: ({ values }) => interpolate(MESSAGES.notOneOf, { values: listOf(values) }),
    notType: ({ type }) => TYPE_MESSAGES[String(type)] ?? MESSAGES.invalid,
  },
  string: {
    length: ({ length }) => interpolate(MESSAGES.exactLength, { length }),
    min: ({ min }) => interpolate(MESSAGES.minLength, { min }),
    max: ({ max }) => interpolate(MESSAGES.maxLength, { max }),
    matches: MESSAGES.invalid,
    email: MESSAGES.email,
    url: MESSAGES.url,
    uuid: MESSAGES.uuid,
    datetime: MESSAGES.date,
    datetime_offset: MESSAGES.date,
    datetime_precision: MESSAGES.date,
    trim: MESSAGES.trimmed,
    lowercase: MESSAGES.lowercase,
    uppercase: MESSAGES.uppercase,
  },
  number: {
    min: ({ min }) => interpolate(MESSAGES.greaterThanOrEqual, { min }),
    max: ({ max }) => interpolate(MESSAGES.lessThanOrEqual, { max }),
    lessThan: ({ less }) => interpolate(MESSAGES.lessThan, { max: less }),
    moreThan: ({ more }) => interpolate(MESSAGES.greaterThan, { min: more }),
    positive: MESSAGES.positive,
    negative: MESSAGES.negative,
    integer: MESSAGES.integer,
  },
  date: {
    min: ({ min }) => interpolate(MESSAGES.greaterThanOrEqual, { min: String(min) }),
    max: ({ max }) => interpolate(MESSAGES.lessThanOrEqual, { max: String(max) }),
  },
  boolean: {
    isValue: ({ value }) => interpolate(MESSAGES.booleanValue, { value: String(value) }),
  },
  object: {
    noUnknown: ({ unknown }) => interpolate(MESSAGES.unknownFields, { names: listOf(unknown) }),
    exact: ({ properties }) => interpolate(MESSAGES.unknownFields, { names: listOf(properties) }),
  },
  array: {
    length: ({ length }) => interpolate(MESSAGES.exactItems, { length }),
    min: ({ min }) => interpolate(MESSAGES.minItems, { min }),
    max: ({ max }) => interpolate(MESSAGES.maxItems, { max }),
  },
  tuple: {
    notType: MESSAGES.arrayType,
  },
};

let installed = false;

/** Idempotent: the locale is set once per yup module instance. */
export function installYupLocale(): void {
  if (installed) return;
  setLocale(YUP_LOCALE);
  installed = true;
}
