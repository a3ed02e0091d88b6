import type { FastifyInstance, FastifyRequest } from "fastify";
import { MESSAGES } from "../../../core/messages";
import { damagedStockSchema } from "../../../core/validation/stock-document-schemas";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { registerListRoutes } from "../../http/list-routes";
import { parseId } from "../../http/resource";
import { damagedStockList } from "./damaged-stock.repository";
import { createDamagedStock, deleteDamagedStock, readDamagedStock, updateDamagedStock } from "./damaged-stock.service";

const BASE = "/api/damaged-stock/";
const access = (action: "view" | "add" | "change" | "delete") => ({ access: { permissions: [`${action}_damagedstock`] } });
const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);
const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

/** `damaged-stock/`: list, totals, all, read (the view screen, with lines), create, edit, delete. */
export function registerDamagedStockRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerListRoutes(app, db, BASE, damagedStockList, { view: access("view").access.permissions });
  app.get(`${BASE}:id/`, { config: access("view") }, (request) => readDamagedStock(db, idOf(request), authOf(request)));

  app.post(BASE, { config: { ...access("add"), body: damagedStockSchema } }, async (request, reply) => {
    const result = await createDamagedStock(db, authOf(request), bodyOf(request));
    return reply.status(result.status).send(result.body);
  });
  app.put(`${BASE}:id/`, { config: { ...access("change"), body: damagedStockSchema } }, (request) =>
    updateDamagedStock(db, idOf(request), bodyOf(request), authOf(request), false),
  );
  app.patch(`${BASE}:id/`, { config: { ...access("change"), body: damagedStockSchema.partial() } }, (request) =>
    updateDamagedStock(db, idOf(request), bodyOf(request), authOf(request), true),
  );
  app.delete(`${BASE}:id/`, { config: access("delete") }, async (request) => {
    await deleteDamagedStock(db, idOf(request), authOf(request));
    return { message: MESSAGES.deleted };
  });
}
