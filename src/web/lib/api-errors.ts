/**
 * SPEC section 8 as pure functions: which toast an API error raises, and how a 400 body maps to
 * form field errors. Kept free of ky, React and Chakra so it is unit-tested in node.
 */
import { textOf } from "../../core/text";

export const REFRESH_MESSAGE = "There was an error, please refresh the page and try again";
export const ERROR_TOAST_MS = 4000;

export type Translate = (englishText: string) => string;

export type ErrorAction = { kind: "unauthorized" } | { kind: "toast"; lines: string[]; duration: number } | { kind: "none" };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** "unit_price" -> "unit price" */
export const fieldLabel = (field: string): string => field.replace(/_/g, " ");

/** The first message of a field value: a list of messages, a nested object, or a bare value. */
export function firstMessage(value: unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? firstMessage(value[0]) : "";
  if (isRecord(value)) {
    const first = Object.values(value)[0];
    return first === undefined ? "" : firstMessage(first);
  }
  return textOf(value);
}

/** Decides what the user sees for an HTTP error status and its (already parsed) body. */
export function errorAction(status: number, body: unknown, translate: Translate): ErrorAction {
  if (status === 401) return { kind: "unauthorized" };
  if (status === 423) return { kind: "toast", lines: [translate(REFRESH_MESSAGE)], duration: ERROR_TOAST_MS };
  if (isRecord(body) && typeof body.message === "string") {
    return { kind: "toast", lines: [translate(body.message)], duration: ERROR_TOAST_MS };
  }
  if (isRecord(body)) {
    const lines = Object.entries(body).map(([field, value]) => `${fieldLabel(field)}: ${translate(firstMessage(value))}`);
    if (lines.length > 0) return { kind: "toast", lines, duration: ERROR_TOAST_MS };
  }
  return { kind: "none" };
}

/** Field name -> first translated message, for Formik's setErrors. Empty for a {message} body. */
export function fieldErrorsFromBody(body: unknown, translate: Translate): Record<string, string> {
  if (!isRecord(body) || typeof body.message === "string") return {};
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries(body)) errors[field] = translate(firstMessage(value));
  return errors;
}

/** The {message} of a body, translated, or null. */
export function messageFromBody(body: unknown, translate: Translate): string | null {
  return isRecord(body) && typeof body.message === "string" ? translate(body.message) : null;
}
