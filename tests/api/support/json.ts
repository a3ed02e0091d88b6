import type { Paged } from "../../../src/core/api-types";

/**
 * A response body read as the shape the test expects. The cast states what the test reads; the
 * assertions on the values are what check it.
 */
export function json<T>(response: { body: unknown }): T {
  return response.body as T;
}

/** The answer of a create, when the test reads only the new record's id. */
export interface Created {
  id: number;
}

/** A 400 answer of field errors (the other 400 shape, `{ message }`, is read where it is expected). */
export type FieldErrors = Record<string, string[]>;

/** The rows of a paged list answer ({count, next, previous, results}). */
export function pageRows<T>(response: { body: unknown }): T[] {
  return json<Paged<T>>(response).results;
}
