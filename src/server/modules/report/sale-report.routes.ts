import type { FastifyInstance, FastifyRequest } from "fastify";
import { MESSAGES } from "../../../core/messages";
import type { Db } from "../../db/client";
import { authOf, visibleBranches, type AuthContext } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { registerListRoutes } from "../../http/list-routes";
import { PROFIT_GROUPS, profitReport } from "./profit.service";
import type { ProfitQuery } from "./profit.repository";
import { dateRange, idList, oneOf, type RawQuery } from "./report-params";
import { saleDetailList, saleReturnDetailList } from "./sale-detail.lists";

/** GET report/profit/ parameters: dates, group_by (day by default), branch (comma list), currency (one). */
function profitQuery(q: RawQuery, auth: AuthContext): ProfitQuery {
  const groupBy = oneOf(q, "group_by", PROFIT_GROUPS, "day");
  const currency = idList(q, "currency");
  if (currency.length > 1) throw fieldErrors({ currency: [MESSAGES.invalidChoice] });
  const { startDate, endDate } = dateRange(q);
  const branches = [...idList(q, "branch"), ...idList(q, "branches")];
  // A requested branch the caller may not see narrows to nothing, never to every visible branch.
  const branchIds = branches.length > 0 ? visibleBranches(auth, branches) : auth.branchIds;
  return { groupBy, branchIds, currencyId: currency[0] ?? null, startDate, endDate };
}

/**
 * The sales reports: GET report/profit/?start_date&end_date&group_by=day|month|branch|item_group|item
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
