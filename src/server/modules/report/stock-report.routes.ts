import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { listPage, listTotals, type ListQuery, type ListSpec } from "../../http/list-engine";
import { registerListExport } from "../../http/list-routes";
import { oneOf, wholeNumber } from "./report-params";
import { expiredItemList, minQuantityLists } from "./stock-report.lists";

/** Longest look-ahead of the expired-item report: ten years. */
export const MAX_WITHIN_DAYS = 3650;
/** The expired-item report's default look-ahead, as the dashboard's card counts it. */
export const DEFAULT_WITHIN_DAYS = 30;

type Reader = (request: FastifyRequest) => { spec: ListSpec; query: ListQuery };

const queryOf = (request: FastifyRequest) => ({ ...((request.query ?? {}) as ListQuery) });

/** `within_days=N` (0 to MAX_WITHIN_DAYS, default 30): expired rows and those expiring within N days. */
export function withinDaysFilter(query: ListQuery): ListQuery {
  const days = wholeNumber(query, "within_days", DEFAULT_WITHIN_DAYS, MAX_WITHIN_DAYS);
  delete query.within_days;
  return { ...query, days_left__lte: String(days) };
}

const readExpired: Reader = (request) => ({ spec: expiredItemList, query: withinDaysFilter(queryOf(request)) });

const readMinQuantity: Reader = (request) => {
  const query = queryOf(request);
  const scope = oneOf(query, "scope", ["inventory", "branch"] as const, "inventory");
  delete query.scope;
  return { spec: minQuantityLists[scope], query };
};

/** A report read through the list engine: a page, its totals/ and its export/, like every list. */
function registerReportList(app: FastifyInstance, db: Db, base: string, permission: string, spec: ListSpec, read: Reader) {
  const config = { config: { access: { permissions: [permission] }, list: spec } };
  app.get(base, config, async (request) => {
    const { spec: s, query } = read(request);
    return listPage(db, s, query, authOf(request), base);
  });
  app.get(`${base}totals/`, config, async (request) => {
    const { spec: s, query } = read(request);
    return listTotals(db, s, query, authOf(request));
  });
  registerListExport(app, db, base, spec, { view: [permission], read });
}

export function registerStockReportRoutes(app: FastifyInstance, deps: { db: Db }) {
  registerReportList(app, deps.db, "/api/report/expired-item/", "report_view_expired_item", expiredItemList, readExpired);
  registerReportList(
    app,
    deps.db,
    "/api/report/min-quantity-item/",
    "report_view_min_quantity_item",
    minQuantityLists.inventory,
    readMinQuantity,
  );
}
