import type { FastifyInstance, FastifyRequest } from "fastify";
import { toIsoDate } from "../../../core/dates";
import { MESSAGES } from "../../../core/messages";
import { PREMIUM_STATUSES, type PremiumStatusFilter } from "../../../core/premium-status";
import type { Db } from "../../db/client";
import { authOf, visibleBranches } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { customerStockStatement } from "./customer-stock-statement";
import { dashboard } from "./dashboard.service";
import { dateRange, idList, oneOf, type RawQuery } from "./report-params";
import { salePremiumReport } from "./sale-premium-report.service";

const queryOf = (request: FastifyRequest) => ({ ...((request.query ?? {}) as RawQuery) });
const access = (permissions: readonly string[]) => ({ config: { access: { permissions } } });

/**
 * The reports that answer one computed list rather than a list-engine page:
 * sale-premium (installment standing), customer-stock-statement (a customer's lines), and the dashboard.
 */
export function registerPlainReportRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;

  // status=due|overdue|all (default all), with the sale list's own filters (branch, currency, customer, dates ...).
  app.get("/api/report/sale-premium/", access(["view_salepremium"]), async (request) => {
    const query = queryOf(request);
    const status = oneOf<PremiumStatusFilter>(query, "status", PREMIUM_STATUSES, "all");
    delete query.status;
    return salePremiumReport(db, authOf(request), status, query);
  });

  app.get("/api/report/customer-stock-statement/", access(["view_customer"]), async (request) => {
    const query = queryOf(request);
    const customer = idList(query, "customer");
    if (customer.length !== 1) throw fieldErrors({ customer: [MESSAGES.selectCustomer] });
    return customerStockStatement(db, authOf(request), { customer: customer[0], ...dateRange(query), branches: idList(query, "branch") });
  });

  // Any signed-in user (SPEC section 6): the cards answered follow the caller's permissions.
  app.get("/api/dashboard/", access([]), async (request) => {
    const auth = authOf(request);
    return dashboard(db, auth, visibleBranches(auth, idList(queryOf(request), "branch")), toIsoDate(new Date()));
  });
}
