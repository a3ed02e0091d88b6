import type { FastifyInstance, FastifyRequest } from "fastify";
import { MESSAGES } from "../../../core/messages";
import { inventoryStockTransferSchema } from "../../../core/validation/stock-document-schemas";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { registerListRoutes } from "../../http/list-routes";
import { parseId } from "../../http/resource";
import { approveTransfer, createTransfer, deleteTransfer, readTransfer, updateTransfer } from "./transfer.service";
import { transferList } from "./transfer.repository";

const BASE = "/api/inventory-stock-transfer/";
const access = (action: "view" | "add" | "change" | "delete") => ({ access: { permissions: [`${action}_inventorystocktransfer`] } });
const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);
const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

/** `inventory-stock-transfer/`: list, totals, all, read, create, edit, delete and `approve/` (SPEC sections 2 and 4). */
export function registerTransferRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerListRoutes(app, db, BASE, transferList, { view: access("view").access.permissions });
  app.get(`${BASE}:id/`, { config: access("view") }, (request) => readTransfer(db, idOf(request), authOf(request)));

  app.post(BASE, { config: { ...access("add"), body: inventoryStockTransferSchema } }, async (request, reply) => {
    const result = await createTransfer(db, authOf(request), bodyOf(request));
    return reply.status(result.status).send(result.body);
  });
  app.put(`${BASE}:id/`, { config: { ...access("change"), body: inventoryStockTransferSchema } }, (request) =>
    updateTransfer(db, idOf(request), bodyOf(request), authOf(request), false),
  );
  app.patch(`${BASE}:id/`, { config: { ...access("change"), body: inventoryStockTransferSchema.partial() } }, (request) =>
    updateTransfer(db, idOf(request), bodyOf(request), authOf(request), true),
  );
  app.delete(`${BASE}:id/`, { config: access("delete") }, async (request) => {
    await deleteTransfer(db, idOf(request), authOf(request));
    return { message: MESSAGES.deleted };
  });

  // Approval is an edit of the transfer: whoever may change transfers may approve them.
  app.post(`${BASE}:id/approve/`, { config: { ...access("change"), body: null } }, async (request) => {
    const transfer = await approveTransfer(db, idOf(request), authOf(request));
    return { message: MESSAGES.approved, ...transfer };
  });
}
