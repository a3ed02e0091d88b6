import type { FastifyContextConfig } from "fastify";
import type { SchemaDescription } from "yup";

interface DescribedBody {
  describe(): SchemaDescription;
}

/**
 * A route's config: its permission codes, and the yup schema of its body (config.body, which the API
 * description reads). Built by a function so it also fits where config declares no `body`.
 */
export function routeConfig(permissions: readonly string[], body?: DescribedBody | null): FastifyContextConfig {
  return Object.assign({ access: { permissions } }, body === undefined ? {} : { body });
}

/** The contract names a document's date `date`; the lists and the other documents say `input_date`. */
export function withInputDate(payload: Record<string, unknown>): Record<string, unknown> {
  if (payload.date !== undefined && payload.input_date === undefined) return { ...payload, input_date: payload.date };
  return payload;
}
