import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { registerListRoutes } from "../../http/list-routes";
import { profitQuery, profitReport, type RawQuery } from "./profit.service";
import { saleDetailList, saleReturnDetailList } from "./sale-detail.lists";

/**
 * The sales reports (issue 14 contract): GET report/profit/?start_date&end_date&group_by=day|month|branch|item_group|item
 * (branch, currency), and the sale and sale return detail lists (page, totals/, all/), each behind its SPEC code.
 */
export function registerSaleReportRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  app.get("/api/report/profit/", { config: { access: { permissions: ["report_view_profit"] } } }, async (request: FastifyRequest) => {
    const auth = authOf(request);
    return profitReport(db, profitQuery((request.query ?? {}) as RawQuery, auth));
  });
  registerListRoutes(app, db, "/api/report/sale-detail/", saleDetailList, { view: ["view_saledetail"] });
  registerListRoutes(app, db, "/api/report/sale-return-detail/", saleReturnDetailList, { view: ["view_salereturndetail"] });
}
