import type { FastifyInstance } from "fastify";
import { MESSAGES } from "../../core/messages";
import { badRequest, fieldErrors } from "./errors";

/** Deeper than any document (a sale's lines are two levels down): a body nested beyond is refused whole. */
const MAX_DEPTH = 32;

/** The paths of strings holding a NUL byte, which no PostgreSQL text can store: `items[0].note`. */
function nulPaths(value: unknown, path: string, out: string[], depth: number): string[] {
  if (depth > MAX_DEPTH) throw badRequest(MESSAGES.invalidRequestBody);
  if (typeof value === "string") {
    if (value.includes("\u0000")) out.push(path || "non_field_errors");
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulPaths(item, `${path}[${index}]`, out, depth + 1));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) nulPaths(item, path ? `${path}.${key}` : key, out, depth + 1);
  }
  return out;
}

/**
 * Input that PostgreSQL cannot take is refused for every route at once, before any handler (an
 * idempotency record, a filter, a body) could pass it on: a NUL byte anywhere in the query string or
 * the body is a 400 naming the parameter or field, and so is a body nested deeper than any document.
 */
export function installRequestGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    const bad = [...nulPaths(request.query, "", [], 0), ...nulPaths(request.body, "", [], 0)];
    if (bad.length > 0) throw fieldErrors(Object.fromEntries(bad.map((path) => [path, [MESSAGES.nulCharacter]])));
  });
}
