import type { FastifyInstance, FastifyRequest } from "fastify";
import { cashboxTransferSchema } from "../../../core/validation/accounting-schemas";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { idempotentCreate, readFormToken } from "../../http/idempotency";

import { registerListRoutes } from "../../http/list-routes";
import { parseId, validateBody } from "../../http/resource";
import { cashboxTransferList } from "./cashbox-transfer.list";
import * as service from "./cashbox-transfer.service";
import { routeConfig, withInputDate } from "./route-config";

/**
 * accounting/cashbox-transfer/. SPEC section 2 gates the transfer screens with the
 * cashbox codes (view_cashbox, add_cashbox, change_cashbox); delete takes delete_cashbox.
 */
const base = "/api/accounting/cashbox-transfer/";
const bodyOf = (request: FastifyRequest) => withInputDate((request.body ?? {}) as Record<string, unknown>);
const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);
const validate = (payload: unknown) => validateBody(cashboxTransferSchema, payload);

export function registerCashboxTransferRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  const view = ["view_cashbox"];
  registerListRoutes(app, db, base, cashboxTransferList, { view });
  app.get(`${base}:id/`, { config: { access: { permissions: view } } }, async (request) =>
    service.readTransfer(db, idOf(request), authOf(request)),
  );
  app.post(base, { config: routeConfig(["add_cashbox"], cashboxTransferSchema) }, async (request, reply) => {
    const auth = authOf(request);
    const payload = bodyOf(request);
    const result = await idempotentCreate(db, auth, payload, async (tx) => ({
      status: 201,
      body: await service.createTransferTx(tx, auth, await validate(payload), readFormToken(payload)),
    }));
    return reply.status(result.status).send(result.body);
  });
  const update = (partial: boolean) => async (request: FastifyRequest) => {
    const auth = authOf(request);
    const id = idOf(request);
    let payload = bodyOf(request);
    if (partial) payload = { ...(await service.readTransfer(db, id, auth)), ...payload };
    return service.updateTransfer(db, auth, id, payload, validate);
  };
  app.put(`${base}:id/`, { config: routeConfig(["change_cashbox"], cashboxTransferSchema) }, update(false));
  app.patch(`${base}:id/`, { config: routeConfig(["change_cashbox"], cashboxTransferSchema.partial()) }, update(true));
  app.delete(`${base}:id/`, { config: { access: { permissions: ["delete_cashbox"] } } }, async (request) => {
    await service.deleteTransfer(db, authOf(request), idOf(request));
    return { message: "Deleted successfully" };
  });
}
