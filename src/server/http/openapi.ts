import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { SchemaDescription } from "yup";
import { MAX_PAGE_SIZE, TEXT_OPERATORS } from "../../core/list-query";
import type { FieldType, ListSpec } from "./list-engine";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The list this route reads: its query parameters in the API description. */
    list?: ListSpec;
    /** The yup schema the handler validates its body with; `null` for an action that takes none. */
    body?: DescribedSchema | null;
    /** The list's export (`<list>/export/`): its query also takes format, lang and columns. */
    export?: boolean;
  }
}

/** What the description needs of a yup schema (any ObjectSchema, whatever its shape). */
export interface DescribedSchema {
  describe(): SchemaDescription;
}

type JsonSchema = Record<string, unknown>;

type Described = SchemaDescription & {
  fields?: Record<string, Described>;
  innerType?: Described;
};

const testParam = (d: Described, name: string, param: string): number | undefined => {
  const test = d.tests.find((t) => t.name === name);
  const value = test?.params?.[param];
  return typeof value === "number" ? value : undefined;
};

/**
 * A yup schema as JSON Schema, from the same object the server validates with (yup's describe()):
 * types, required and nullable fields, enums, lengths and bounds. Decimal amounts are strings that
 * also accept numbers, as the server casts them.
 */
export function yupToJsonSchema(d: Described): JsonSchema {
  const out: JsonSchema = {};
  switch (d.type) {
    case "object": {
      const fields = d.fields ?? {};
      out.type = "object";
      out.properties = Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, yupToJsonSchema(field)]));
      const required = Object.entries(fields)
        .filter(([, field]) => !field.optional)
        .map(([key]) => key);
      if (required.length > 0) out.required = required;
      break;
    }
    case "array":
      out.type = "array";
      if (d.innerType) out.items = yupToJsonSchema(d.innerType);
      if (testParam(d, "min", "min") !== undefined) out.minItems = testParam(d, "min", "min");
      if (testParam(d, "max", "max") !== undefined) out.maxItems = testParam(d, "max", "max");
      break;
    case "number":
      out.type = d.tests.some((t) => t.name === "integer") ? "integer" : "number";
      if (testParam(d, "min", "min") !== undefined) out.minimum = testParam(d, "min", "min");
      if (testParam(d, "min", "more") !== undefined) out.exclusiveMinimum = testParam(d, "min", "more");
      if (testParam(d, "max", "max") !== undefined) out.maximum = testParam(d, "max", "max");
      if (testParam(d, "max", "less") !== undefined) out.exclusiveMaximum = testParam(d, "max", "less");
      break;
    case "string":
      if (d.tests.some((t) => t.name === "decimal")) {
        out.type = ["string", "number"];
        out.format = "decimal";
      } else {
        out.type = "string";
        if (d.tests.some((t) => t.name === "iso-date")) out.format = "date";
        if (testParam(d, "min", "min") !== undefined) out.minLength = testParam(d, "min", "min");
        if (testParam(d, "max", "max") !== undefined) out.maxLength = testParam(d, "max", "max");
      }
      break;
    case "boolean":
      out.type = "boolean";
      break;
    default:
      // mixed, lazy: any JSON value; the server's checks still apply.
      break;
  }
  const choices = d.oneOf.filter((v) => v !== undefined && v !== null);
  if (choices.length > 0) out.enum = choices;
  if (d.nullable && typeof out.type === "string") out.type = [out.type, "null"];
  else if (d.nullable && Array.isArray(out.type)) out.type = [...(out.type as string[]), "null"];
  return out;
}

const FILTER_FORMATS: Record<FieldType, string> = { integer: "int32", number: "decimal", date: "date", text: "text", boolean: "boolean" };

const FORM_TOKEN: JsonSchema = {
  type: "string",
  maxLength: 200,
  description: "Client-made key of this create (user id, time, UUID): a replay with the same key answers the first response",
};

const text = (description: string): JsonSchema => ({ type: "string", description });

/** The query parameters a list route takes, from its spec: the list engine's allow-list, written out. */
export function listQuerySchema(spec: ListSpec): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    page: { type: "integer", minimum: 1 },
    page_size: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE },
    ordering: text(
      `Comma list of keys, "-" for descending: ${Object.entries(spec.fields)
        .filter(([, f]) => f.sortable !== false)
        .map(([k]) => k)
        .join(", ")}`,
    ),
  };
  if (spec.search?.length || spec.searchWhere) properties.search = { ...text("Search term"), format: "text" };
  if (spec.branch || spec.branchScope) {
    properties.branch = { ...text("Branch id or comma list of ids"), format: "int32" };
    properties.branches = { ...text("Comma list of branch ids"), format: "int32" };
  }
  if (spec.currency) properties.currency = { ...text("Currency id or comma list of ids"), format: "int32" };
  const dates = Object.keys(spec.dates ?? {});
  if (dates.length > 0) {
    properties.start_date = { type: "string", format: "date" };
    properties.end_date = { type: "string", format: "date" };
    for (const name of dates) {
      properties[`${name}_after`] = { type: "string", format: "date" };
      properties[`${name}_before`] = { type: "string", format: "date" };
    }
  }
  for (const [name, field] of Object.entries(spec.fields)) {
    if (field.filterable === false) continue;
    if (field.type === "boolean") {
      properties[name] = { type: "boolean" };
      continue;
    }
    // The format names the kind of each value; equality and `__not` also take a comma list of them.
    const format = FILTER_FORMATS[field.type];
    properties[name] = { type: "string", format, description: "a value, or a comma list of values" };
    properties[`${name}__not`] = { type: "string", format, description: "a comma list of values to leave out" };
    const operators = field.type === "text" ? TEXT_OPERATORS.filter((op) => op !== "not") : (["gt", "gte", "lt", "lte"] as const);
    for (const op of operators) properties[`${name}__${op}`] = { type: "string", format };
  }
  return { type: "object", properties, additionalProperties: false };
}

/** The query of a list's export: the list's filters and ordering (no paging), and what to write. */
export function exportQuerySchema(spec: ListSpec): JsonSchema {
  const list = listQuerySchema(spec);
  const { page: _page, page_size: _pageSize, ...filters } = list.properties as Record<string, JsonSchema>;
  return {
    ...list,
    properties: {
      format: { type: "string", enum: ["csv", "xlsx"], description: "csv (UTF-8 with a BOM, the default) or xlsx" },
      lang: { type: "string", enum: ["en", "ar", "ckb"], description: "Language of the column titles (else Accept-Language)" },
      columns: { ...text("Comma list of the fields to write, in order (default: every field of the rows)"), format: "text" },
      ...filters,
    },
  };
}

/**
 * Every /api route that takes a body declares its schema (or `body: null`) beside its access, so the
 * description covers every write and the hostile-input test reaches every field; a route without one
 * fails at start-up.
 */
export function requireBodySchemas(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const takesBody = methods.some((m) => ["POST", "PUT", "PATCH"].includes(m.toUpperCase()));
    if (takesBody && route.config?.body === undefined) {
      throw new Error(`Route ${methods.join(",")} ${route.url} declares no body schema (config.body, or null for none)`);
    }
  });
}

/**
 * The API description at /api/openapi.json and a browsable page at /api/docs: every route with its
 * query parameters (from its list spec) and body (from its yup schema), which the routes declare in
 * their config beside their permissions, so the description cannot drift from what the server checks.
 */
export async function installOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: "Back office API", version: "1.0.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      const config = route.config;
      const described: JsonSchema = { ...(schema as JsonSchema | undefined) };
      if (config?.list) described.querystring = config.export ? exportQuerySchema(config.list) : listQuerySchema(config.list);
      if (config?.body) {
        const body = yupToJsonSchema(config.body.describe());
        // A create is idempotent by its form_token (DESIGN section 4); the idempotency layer reads it.
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        if (methods.includes("POST")) body.properties = { ...(body.properties as object), form_token: FORM_TOKEN };
        described.body = body;
      }
      if (config?.access && "public" in config.access) described.security = [];
      return { schema: described, url };
    },
  });
  // The page and its assets are public, as the description is: they hold no business data.
  await app.register(async (docs) => {
    docs.addHook("onRoute", (route) => {
      route.config = { ...route.config, access: { public: true } };
    });
    await docs.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { docExpansion: "list", deepLinking: true } });
  });
  app.get("/api/openapi.json", { config: { access: { public: true } }, schema: { hide: true } }, async () => app.swagger());
}
