import type { FastifyInstance, FastifyRequest } from "fastify";
import { expenseSchema, incomeSchema } from "../../../core/validation/accounting-schemas";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { idempotentCreate, readFormToken } from "../../http/idempotency";

import { registerListRoutes } from "../../http/list-routes";
import { parseId, validateBody } from "../../http/resource";
import { expenseList, incomeList } from "./cashbox-document.lists";
import type { CashboxDocKind } from "./cashbox-document.repository";
import * as service from "./cashbox-document.service";
import { routeConfig, withInputDate } from "./route-config";

/** accounting/expense/ and accounting/income/: list, totals, all, read, idempotent create, edit, delete. */
const KINDS = {
  expense: {
    list: expenseList,
    schema: expenseSchema,
    validate: async (p: unknown) => service.fromExpense(await validateBody(expenseSchema, p)),
  },
  income: {
    list: incomeList,
    schema: incomeSchema,
    validate: async (p: unknown) => service.fromIncome(await validateBody(incomeSchema, p)),
  },
} as const;

const bodyOf = (request: FastifyRequest) => withInputDate((request.body ?? {}) as Record<string, unknown>);
const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);

export function registerCashboxDocumentRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  for (const kind of ["expense", "income"] as CashboxDocKind[]) {
    const k = KINDS[kind];
    const base = `/api/accounting/${kind}/`;
    const view = [`view_${kind}`];
    registerListRoutes(app, db, base, k.list, { view });
    app.get(`${base}:id/`, { config: { access: { permissions: view } } }, async (request) =>
      service.readCashboxDocument(db, kind, idOf(request), authOf(request)),
    );
    app.post(base, { config: routeConfig([`add_${kind}`], k.schema) }, async (request, reply) => {
      const auth = authOf(request);
      const payload = bodyOf(request);
      const result = await idempotentCreate(db, auth, payload, async (tx) => {
        const body = await k.validate(payload);
        return { status: 201, body: await service.createCashboxDocumentTx(tx, kind, auth, body, readFormToken(payload)) };
      });
      return reply.status(result.status).send(result.body);
    });
    const update = (partial: boolean) => async (request: FastifyRequest) => {
      const auth = authOf(request);
      const id = idOf(request);
      let payload = bodyOf(request);
      if (partial) payload = { ...(await service.readCashboxDocument(db, kind, id, auth)), ...payload };
      return service.updateCashboxDocument(db, kind, auth, id, payload, k.validate);
    };
    app.put(`${base}:id/`, { config: routeConfig([`change_${kind}`], k.schema) }, update(false));
    app.patch(`${base}:id/`, { config: routeConfig([`change_${kind}`], k.schema.partial()) }, update(true));
    app.delete(`${base}:id/`, { config: { access: { permissions: [`delete_${kind}`] } } }, async (request) => {
      await service.deleteCashboxDocument(db, kind, authOf(request), idOf(request));
      return { message: "Deleted successfully" };
    });
  }
}
