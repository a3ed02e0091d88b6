import type { Paged } from "../../../src/core/api-types";

/**
 * A response body read as the shape the test expects. The cast states what the test reads; the
 * assertions on the values are what check it.
 */
export function json<T>(response: { body: unknown }): T {
  return response.body as T;
}

/** The rows of a paged list answer ({count, next, previous, results}). */
export function pageRows<T>(response: { body: unknown }): T[] {
  return json<Paged<T>>(response).results;
}
