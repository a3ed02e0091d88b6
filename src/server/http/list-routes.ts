import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { authOf } from "./access";
import { listAll, listPage, listTotals, type ListQuery, type ListSpec } from "./list-engine";
import { sendListExport } from "./list-export";

type Row = Record<string, unknown>;

export interface ListRoutesOptions {
  /** Permission codes of the page and its totals. */
  view: readonly string[];
  /** Codes of `all/` (selectors); defaults to `view`. */
  all?: readonly string[];
  /** Shapes each row after the query (e.g. parses a JSON column). */
  map?: (rows: Row[]) => Row[];
}

/**
 * The reads every list has (DESIGN section 3): `<base>` (a page), `<base>totals/`, `<base>all/` and
 * `<base>export/` (every matching row as CSV or XLSX, SPEC section 7), each declaring its spec so the API
 * description lists the filters the engine takes.
 */
export function registerListRoutes(app: FastifyInstance, db: Db, base: string, spec: ListSpec, options: ListRoutesOptions) {
  const query = (request: FastifyRequest) => (request.query ?? {}) as ListQuery;
  const map = options.map ?? ((rows: Row[]) => rows);
  const config = (permissions: readonly string[]) => ({ config: { access: { permissions }, list: spec } });
  app.get(base, config(options.view), async (request) => {
    const page = await listPage<Row>(db, spec, query(request), authOf(request), base);
    return { ...page, results: map(page.results) };
  });
  app.get(`${base}totals/`, config(options.view), async (request) => listTotals(db, spec, query(request), authOf(request)));
  registerListExport(app, db, base, spec, options);
  app.get(`${base}all/`, config(options.all ?? options.view), async (request) =>
    map(await listAll<Row>(db, spec, query(request), authOf(request))),
  );
}

/** The spec and query a list reads for a request (a list narrowed to the caller, a report's own parameters). */
export type ListReader = (request: FastifyRequest) => { spec: ListSpec; query: ListQuery };

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
    const { spec: readSpec, query } = read(request);
    return sendListExport(db, readSpec, query, base, request, reply, options.map ?? ((rows) => rows));
  });
}
