import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { authOf, type AuthContext } from "./access";
import { listAll, listPage, listTotals, type ListQuery, type ListSpec } from "./list-engine";

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
 * The three reads every list has (DESIGN section 3): `<base>` (a page), `<base>totals/` and `<base>all/`,
 * each declaring its spec so the API description lists the filters the engine takes.
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
  app.get(`${base}all/`, config(options.all ?? options.view), async (request) =>
    map(await listAll<Row>(db, await specOf(request), query(request), authOf(request)), authOf(request)),
  );
}
