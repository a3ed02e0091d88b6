import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { authOf } from "./access";
import { listAll, listPage, listTotals, type ListQuery, type ListSpec } from "./list-engine";

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
 * The three reads every list has (DESIGN section 3): `<base>` (a page), `<base>totals/` and `<base>all/`,
 * each declaring its spec so the API description lists the filters the engine takes.
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
  app.get(`${base}all/`, config(options.all ?? options.view), async (request) =>
    map(await listAll<Row>(db, spec, query(request), authOf(request))),
  );
}
