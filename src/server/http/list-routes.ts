import type { FastifyInstance, FastifyRequest } from "fastify";
import { listOptionsQuery, listOptionsSchema } from "../../core/validation/list-options-schema";
import type { Db } from "../db/client";
import { authOf, type AuthContext } from "./access";
import { listAll, listPage, listTotals, type ListQuery, type ListSpec } from "./list-engine";
import { sendListExport } from "./list-export";
import { validateBody } from "./resource";

type Row = Record<string, unknown>;

export interface ListRoutesOptions {
  /** Permission codes of the page and its totals. */
  view: readonly string[];
  /** Codes of `all/` (selectors); defaults to `view`. */
  all?: readonly string[];
  /** Shapes each row after the query (e.g. parses a JSON column, or adds what the caller may do with it). */
  map?: (rows: Row[], auth: AuthContext) => Row[] | Promise<Row[]>;
  /** The spec one caller reads (a scope that depends on who asks); `spec` when unset, and always in the API description. */
  specFor?: (auth: AuthContext) => Promise<ListSpec>;
}

/**
 * The reads every list has (DESIGN section 3): `<base>` (a page), `<base>totals/`, `<base>all/` and
 * `<base>export/` (every matching row as CSV or XLSX, SPEC section 7), each declaring its spec so the API
 * description lists the filters the engine takes.
 */
export function registerListRoutes(app: FastifyInstance, db: Db, base: string, spec: ListSpec, options: ListRoutesOptions) {
  const query = (request: FastifyRequest) => (request.query ?? {}) as ListQuery;
  const map = options.map ?? ((rows: Row[]) => rows);
  const specOf = (request: FastifyRequest) => (options.specFor ? options.specFor(authOf(request)) : Promise.resolve(spec));
  const config = (permissions: readonly string[]) => ({ config: { access: { permissions }, list: spec } });
  app.get(base, config(options.view), async (request) => {
    const page = await listPage<Row>(db, await specOf(request), query(request), authOf(request), base);
    return { ...page, results: await map(page.results, authOf(request)) };
  });
  app.get(`${base}totals/`, config(options.view), async (request) =>
    listTotals(db, await specOf(request), query(request), authOf(request)),
  );
  registerListExport(app, db, base, spec, {
    ...options,
    read: async (request) => ({ spec: await specOf(request), query: query(request) }),
  });
  app.get(`${base}all/`, config(options.all ?? options.view), async (request) =>
    map(await listAll<Row>(db, await specOf(request), query(request), authOf(request)), authOf(request)),
  );
  registerListOptionsRoute(app, `${base}all/`, options.all ?? options.view, async (request, q) =>
    map(await listAll<Row>(db, await specOf(request), q, authOf(request)), authOf(request)),
  );
}

/**
 * A list filter's options as SPEC section 7 asks for them, `POST <list endpoint> {keyword}`: the same
 * rows as the GET of that endpoint (same permission), searched by the keyword through the list's search.
 */
export function registerListOptionsRoute(
  app: FastifyInstance,
  path: string,
  permissions: readonly string[],
  read: (request: FastifyRequest, query: ListQuery) => Promise<unknown>,
) {
  app.post(path, { config: { access: { permissions }, body: listOptionsSchema } }, async (request) =>
    read(request, listOptionsQuery(await validateBody(listOptionsSchema, request.body ?? {}))),
  );
}

/** The spec and query a list reads for a request (a list narrowed to the caller, a report's own parameters). */
export type ListReader = (request: FastifyRequest) => { spec: ListSpec; query: ListQuery } | Promise<{ spec: ListSpec; query: ListQuery }>;

/**
 * `<base>export/`: every row of the list's filter as CSV or XLSX, under the list's permission (list-export.ts).
 * Lists with their own routes register it beside them; `read` gives the spec and query when they depend
 * on the request (else `spec` and the request's query).
 */
export function registerListExport(
  app: FastifyInstance,
  db: Db,
  base: string,
  spec: ListSpec,
  options: Pick<ListRoutesOptions, "view" | "map"> & { read?: ListReader },
) {
  const read: ListReader = options.read ?? ((request) => ({ spec, query: (request.query ?? {}) as ListQuery }));
  const config = { access: { permissions: options.view }, list: spec, export: true };
  app.get(`${base}export/`, { config }, async (request, reply) => {
    const { spec: readSpec, query } = await read(request);
    const map = options.map;
    return sendListExport(db, readSpec, query, base, request, reply, map ? (rows) => map(rows, authOf(request)) : (rows) => rows);
  });
}
