import type { FastifyInstance, FastifyRequest } from "fastify";
import { MESSAGES } from "../../../core/messages";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { listAll, listPage, listTotals, type ListQuery } from "../../http/list-engine";
import { parseId } from "../../http/resource";
import { approveTransfer, createTransfer, deleteTransfer, readTransfer, updateTransfer } from "./transfer.service";
import { transferList } from "./transfer.repository";

const BASE = "/api/inventory-stock-transfer/";
const access = (action: "view" | "add" | "change" | "delete") => ({ access: { permissions: [`${action}_inventorystocktransfer`] } });
const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);
const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

/** `inventory-stock-transfer/`: list, totals, all, read, create, edit, delete and `approve/` (SPEC sections 2 and 4). */
export function registerTransferRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(BASE, { config: access("view") }, (request) => listPage(db, transferList, request.query as ListQuery, authOf(request), BASE));
  app.get(`${BASE}totals/`, { config: access("view") }, (request) => listTotals(db, transferList, request.query as ListQuery, authOf(request)));
  app.get(`${BASE}all/`, { config: access("view") }, (request) => listAll(db, transferList, request.query as ListQuery, authOf(request)));
  app.get(`${BASE}:id/`, { config: access("view") }, (request) => readTransfer(db, idOf(request), authOf(request)));

  app.post(BASE, { config: access("add") }, async (request, reply) => {
    const result = await createTransfer(db, authOf(request), bodyOf(request));
    return reply.status(result.status).send(result.body);
  });
  app.put(`${BASE}:id/`, { config: access("change") }, (request) => updateTransfer(db, idOf(request), bodyOf(request), authOf(request), false));
  app.patch(`${BASE}:id/`, { config: access("change") }, (request) => updateTransfer(db, idOf(request), bodyOf(request), authOf(request), true));
  app.delete(`${BASE}:id/`, { config: access("delete") }, async (request) => {
    await deleteTransfer(db, idOf(request), authOf(request));
    return { message: MESSAGES.deleted };
  });

  // Approval is an edit of the transfer: whoever may change transfers may approve them.
  app.post(`${BASE}:id/approve/`, { config: access("change") }, async (request) => {
    const transfer = await approveTransfer(db, idOf(request), authOf(request));
    return { message: MESSAGES.approved, ...transfer };
  });
}
