import type { FastifyInstance, FastifyRequest } from "fastify";
import { paymentSchema, receiptSchema } from "../../../core/validation/accounting-schemas";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { idempotentCreate, readFormToken } from "../../http/idempotency";

import { registerListRoutes } from "../../http/list-routes";
import { parseId, validateBody } from "../../http/resource";
import { paymentList, receiptList } from "./money-document.lists";
import type { MoneyDocKind } from "./money-document.repository";
import * as service from "./money-document.service";
import { routeConfig, withInputDate } from "./route-config";

/**
 * accounting/receipt/ and accounting/payment/: paged list, totals, all, read,
 * idempotent create, edit and delete. Routes parse, authorise and map; the rules live in the service.
 */
const KINDS = {
  receipt: {
    list: receiptList,
    model: "receipt",
    schema: receiptSchema,
    validate: async (p: unknown) => service.fromReceipt(await validateBody(receiptSchema, p)),
  },
  payment: {
    list: paymentList,
    model: "payment",
    schema: paymentSchema,
    validate: async (p: unknown) => service.fromPayment(await validateBody(paymentSchema, p)),
  },
} as const;

const bodyOf = (request: FastifyRequest) => withInputDate((request.body ?? {}) as Record<string, unknown>);
const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);

export function registerMoneyDocumentRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  for (const kind of ["receipt", "payment"] as MoneyDocKind[]) {
    const k = KINDS[kind];
    const base = `/api/accounting/${kind}/`;
    const view = [`view_${k.model}`];
    registerListRoutes(app, db, base, k.list, { view });
    app.get(`${base}:id/`, { config: { access: { permissions: view } } }, async (request) =>
      service.readMoneyDocument(db, kind, idOf(request), authOf(request)),
    );
    app.post(base, { config: routeConfig([`add_${k.model}`], k.schema) }, async (request, reply) => {
      const auth = authOf(request);
      const payload = bodyOf(request);
      const result = await idempotentCreate(db, auth, payload, async (tx) => {
        const body = await k.validate(payload);
        return { status: 201, body: await service.createMoneyDocumentTx(tx, kind, auth, body, readFormToken(payload)) };
      });
      return reply.status(result.status).send(result.body);
    });
    const update = (partial: boolean) => async (request: FastifyRequest) => {
      const auth = authOf(request);
      const id = idOf(request);
      let payload = bodyOf(request);
      if (partial) {
        const current = await service.readMoneyDocument(db, kind, id, auth);
        // A PATCH keeps the allocations it does not mention: as they are stored.
        const invoices = kind === "receipt" ? "sales" : "purchases";
        const stored = (current.allocations as { amount: string; [key: string]: unknown }[]) ?? [];
        payload = { ...current, [invoices]: stored.length ? stored : null, ...payload };
      }
      return service.updateMoneyDocument(db, kind, auth, id, payload, k.validate);
    };
    app.put(`${base}:id/`, { config: routeConfig([`change_${k.model}`], k.schema) }, update(false));
    app.patch(`${base}:id/`, { config: routeConfig([`change_${k.model}`], k.schema.partial()) }, update(true));
    app.delete(`${base}:id/`, { config: { access: { permissions: [`delete_${k.model}`] } } }, async (request) => {
      await service.deleteMoneyDocument(db, kind, authOf(request), idOf(request));
      return { message: "Deleted successfully" };
    });
  }
}
