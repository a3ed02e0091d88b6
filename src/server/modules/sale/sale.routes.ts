import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AnyObject, ObjectSchema } from "yup";
import {
  saleExtraSchema,
  quotationConvertSchema,
  saleQuotationSchema,
  saleReturnSchema,
  saleSchema,
} from "../../../core/validation/sale-schemas";
import { toIsoDate } from "../../../core/dates";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { badRequest } from "../../http/errors";
import { idempotentCreate, readFormToken } from "../../http/idempotency";
import { registerListRoutes } from "../../http/list-routes";
import { parseId, validateBody } from "../../http/resource";
import { SALE_VIEW_CODES, saleList, salePremiumList, saleQuotationList, saleReturnList } from "./sale.lists";
import * as installments from "./sale-installment.service";
import * as quotations from "./sale-quotation.service";
import * as returns from "./sale-return.service";
import * as sales from "./sale.service";

/**
 * Sales, sale returns, quotations, installments and extra material (SPEC sections 2-5). Routes parse,
 * authorise and map; the rules live in one service per document kind (sale.service.ts, sale-return,
 * sale-quotation and sale-installment .service.ts).
 */
type Params = { id: string };
const idOf = (request: FastifyRequest) => parseId((request.params as Params).id);
const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const validator =
  <T extends AnyObject>(schema: ObjectSchema<T>) =>
  (payload: unknown) =>
    validateBody(schema, payload);

export function registerSaleRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  // ---- sale/
  const sale = "/api/sale/";
  registerListRoutes(app, db, sale, saleList, { view: SALE_VIEW_CODES });
  app.get(`${sale}:id/`, { config: { access: { permissions: SALE_VIEW_CODES } } }, async (request) =>
    sales.readSale(db, idOf(request), authOf(request)),
  );
  app.post(sale, { config: { access: { permissions: ["add_sale"] }, body: saleSchema } }, async (request, reply) => {
    const auth = authOf(request);
    const payload = bodyOf(request);
    const result = await idempotentCreate(db, auth, payload, async (tx) => {
      const body = await validateBody(saleSchema, payload);
      return { status: 201, body: await sales.createSaleTx(tx, auth, body, readFormToken(payload)) };
    });
    return reply.status(result.status).send(result.body);
  });
  const updateSale = (partial: boolean) => async (request: FastifyRequest) => {
    const auth = authOf(request);
    const id = idOf(request);
    let payload = bodyOf(request);
    if (partial) payload = { ...(await sales.readSale(db, id, auth)), ...payload };
    return sales.updateSale(db, auth, id, payload, validator(saleSchema));
  };
  app.put(`${sale}:id/`, { config: { access: { permissions: ["change_sale"] }, body: saleSchema } }, updateSale(false));
  app.patch(`${sale}:id/`, { config: { access: { permissions: ["change_sale"] }, body: saleSchema.partial() } }, updateSale(true));
  app.delete(`${sale}:id/`, { config: { access: { permissions: ["delete_sale"] } } }, async (request) => {
    await sales.deleteSale(db, authOf(request), idOf(request));
    return { message: "Deleted successfully" };
  });
  app.post(
    `${sale}:id/extra/`,
    { config: { access: { permissions: ["change_sale", "add_sale"] }, body: saleExtraSchema } },
    async (request, reply) => {
      const auth = authOf(request);
      const id = idOf(request);
      const payload = bodyOf(request);
      const result = await idempotentCreate(db, auth, { ...payload, extra_of_sale: id }, async (tx) => {
        const body = await validateBody(saleExtraSchema, payload);
        await sales.addSaleExtraTx(tx, auth, id, body);
        return { status: 201, body: await sales.readSale(tx, id, auth) };
      });
      return reply.status(result.status).send(result.body);
    },
  );
  app.get(`${sale}:id/premium-schedule/`, { config: { access: { permissions: ["view_sale", "view_salepremium"] } } }, async (request) => {
    const asOf = (request.query as { date?: string }).date;
    if (asOf !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw badRequest("must be a valid date");
    return installments.premiumSchedule(db, authOf(request), idOf(request), asOf);
  });

  // ---- sale-premium/
  const withDue = (rows: Record<string, unknown>[]) => {
    const today = toIsoDate(new Date());
    return rows.map((row) => {
      const summary = installments.premiumSummary(row, today);
      return { ...row, remaining: summary.remaining, next_due_date: summary.next_due_date, due_amount: summary.due_amount };
    });
  };
  registerListRoutes(app, db, "/api/sale-premium/", salePremiumList, { view: ["view_salepremium"], map: withDue });

  // ---- sale-return/
  const ret = "/api/sale-return/";
  registerListRoutes(app, db, ret, saleReturnList, { view: ["view_salereturn"] });
  app.get(`${ret}:id/`, { config: { access: { permissions: ["view_salereturn"] } } }, async (request) =>
    returns.readSaleReturn(db, idOf(request), authOf(request)),
  );
  app.post(ret, { config: { access: { permissions: ["add_salereturn"] }, body: saleReturnSchema } }, async (request, reply) => {
    const auth = authOf(request);
    const payload = bodyOf(request);
    const result = await idempotentCreate(db, auth, payload, async (tx) => {
      const body = await validateBody(saleReturnSchema, payload);
      const id = await returns.createSaleReturnTx(tx, auth, body);
      return { status: 201, body: await returns.readSaleReturn(tx, id, auth) };
    });
    return reply.status(result.status).send(result.body);
  });
  const updateReturn = (partial: boolean) => async (request: FastifyRequest) => {
    const auth = authOf(request);
    const id = idOf(request);
    let payload = bodyOf(request);
    if (partial) payload = { ...(await returns.readSaleReturn(db, id, auth)), ...payload };
    return returns.updateSaleReturn(db, auth, id, payload, validator(saleReturnSchema));
  };
  app.put(`${ret}:id/`, { config: { access: { permissions: ["change_salereturn"] }, body: saleReturnSchema } }, updateReturn(false));
  app.patch(
    `${ret}:id/`,
    { config: { access: { permissions: ["change_salereturn"] }, body: saleReturnSchema.partial() } },
    updateReturn(true),
  );
  app.delete(`${ret}:id/`, { config: { access: { permissions: ["delete_salereturn"] } } }, async (request) => {
    await returns.deleteSaleReturn(db, authOf(request), idOf(request));
    return { message: "Deleted successfully" };
  });

  // ---- sale-quotation/
  const quo = "/api/sale-quotation/";
  registerListRoutes(app, db, quo, saleQuotationList, { view: ["view_salequotation"] });
  app.get(`${quo}:id/`, { config: { access: { permissions: ["view_salequotation"] } } }, async (request) =>
    quotations.readQuotation(db, idOf(request), authOf(request)),
  );
  app.post(quo, { config: { access: { permissions: ["add_salequotation"] }, body: saleQuotationSchema } }, async (request, reply) => {
    const auth = authOf(request);
    const payload = bodyOf(request);
    const result = await idempotentCreate(db, auth, payload, async (tx) => {
      const body = await validateBody(saleQuotationSchema, payload);
      const id = await quotations.createQuotationTx(tx, auth, body);
      return { status: 201, body: await quotations.readQuotation(tx, id, auth) };
    });
    return reply.status(result.status).send(result.body);
  });
  const updateQuotation = (partial: boolean) => async (request: FastifyRequest) => {
    const auth = authOf(request);
    const id = idOf(request);
    let payload = bodyOf(request);
    if (partial) payload = { ...(await quotations.readQuotation(db, id, auth)), ...payload };
    return quotations.updateQuotation(db, auth, id, payload, validator(saleQuotationSchema));
  };
  app.put(
    `${quo}:id/`,
    { config: { access: { permissions: ["change_salequotation"] }, body: saleQuotationSchema } },
    updateQuotation(false),
  );
  app.patch(
    `${quo}:id/`,
    { config: { access: { permissions: ["change_salequotation"] }, body: saleQuotationSchema.partial() } },
    updateQuotation(true),
  );
  app.delete(`${quo}:id/`, { config: { access: { permissions: ["delete_salequotation"] } } }, async (request) => {
    await quotations.deleteQuotation(db, authOf(request), idOf(request));
    return { message: "Deleted successfully" };
  });
  app.post(
    `${quo}:id/convert/`,
    { config: { access: { permissions: ["add_sale"] }, body: quotationConvertSchema } },
    async (request, reply) => {
      const auth = authOf(request);
      const id = idOf(request);
      const payload = bodyOf(request);
      const result = await idempotentCreate(db, auth, { ...payload, convert_quotation: id }, async (tx) => {
        const body = await validateBody(quotationConvertSchema, payload);
        return { status: 201, body: await quotations.convertQuotationTx(tx, auth, id, body, readFormToken(payload)) };
      });
      return reply.status(result.status).send(result.body);
    },
  );
}
