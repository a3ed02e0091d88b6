/** Test helper: the 400-shaped errors of a body, or null when it passes. */
import type { AnySchema } from "yup";
import { validateBodySync } from "./common";

export function errorsOf(schema: AnySchema, body: unknown): Record<string, string[]> | null {
  const result = validateBodySync(schema, body);
  return result.ok ? null : result.errors;
}
