import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAX_PAGE_SIZE } from "../../../core/list-query";
import { MESSAGES } from "../../../core/messages";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import * as service from "./statement.service";

/**
 * GET accounting/statement/<kind>/?<kind>=<id>&currency=<id>&start_date=YYYY-MM-DD&end_date=YYYY-MM-DD,
 * each kind behind its SPEC permission code; `page_size` (and `page`) answer one page
 * of a long statement with its own opening balance (statement.service.ts).
 */
const KINDS: Record<service.StatementKind, string> = {
  cashbox: "view_cashbox_detail_account_statement",
  customer: "view_customer_account_statement",
  supplier: "view_supplier_account_statement",
};

/** As the lists: a page deeper than any statement a person pages through, whose offset still fits. */
const MAX_PAGE = 1_000_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,8}$/;

function params(request: FastifyRequest, kind: service.StatementKind): service.StatementParams {
  const q = request.query as Record<string, string | undefined>;
  const errors: Record<string, string[]> = {};
  const id = q[kind];
  if (!id || !ID.test(id)) errors[kind] = [MESSAGES.required];
  const currency = q.currency;
  if (currency && !ID.test(currency)) errors.currency = [MESSAGES.invalidChoice];
  for (const key of ["start_date", "end_date"] as const) {
    const value = q[key];
    if (value && (!DATE.test(value) || Number.isNaN(Date.parse(value)))) errors[key] = [MESSAGES.date];
  }
  const page = q.page ? Number(q.page) : 1;
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) errors.page = [MESSAGES.invalidPage];
  const pageSize = q.page_size ? Number(q.page_size) : null;
  if (pageSize !== null && (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)) {
    errors.page_size = [`less than or equal to ${MAX_PAGE_SIZE}`];
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return {
    id: Number(id),
    currency: currency ? Number(currency) : null,
    startDate: q.start_date || null,
    endDate: q.end_date || null,
    page,
    pageSize,
  };
}

export function registerStatementRoutes(app: FastifyInstance, deps: { db: Db }): void {
  for (const kind of Object.keys(KINDS) as service.StatementKind[]) {
    app.get(`/api/accounting/statement/${kind}/`, { config: { access: { permissions: [KINDS[kind]] } } }, async (request) =>
      service.statement(deps.db, authOf(request), kind, params(request, kind)),
    );
  }
}
