import type { FastifyInstance, FastifyRequest } from "fastify";
import { MESSAGES } from "../../../core/messages";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { listAll, listPage, listTotals, type ListQuery } from "../../http/list-engine";
import { parseId } from "../../http/resource";
import { damagedStockList } from "./damaged-stock.repository";
import { createDamagedStock, deleteDamagedStock, readDamagedStock, updateDamagedStock } from "./damaged-stock.service";

const BASE = "/api/damaged-stock/";
const access = (action: "view" | "add" | "change" | "delete") => ({ access: { permissions: [`${action}_damagedstock`] } });
const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);
const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

/** `damaged-stock/`: list, totals, all, read (the view screen, with lines), create, edit, delete. */
export function registerDamagedStockRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(BASE, { config: access("view") }, (request) => listPage(db, damagedStockList, request.query as ListQuery, authOf(request), BASE));
  app.get(`${BASE}totals/`, { config: access("view") }, (request) => listTotals(db, damagedStockList, request.query as ListQuery, authOf(request)));
  app.get(`${BASE}all/`, { config: access("view") }, (request) => listAll(db, damagedStockList, request.query as ListQuery, authOf(request)));
  app.get(`${BASE}:id/`, { config: access("view") }, (request) => readDamagedStock(db, idOf(request), authOf(request)));

  app.post(BASE, { config: access("add") }, async (request, reply) => {
    const result = await createDamagedStock(db, authOf(request), bodyOf(request));
    return reply.status(result.status).send(result.body);
  });
  app.put(`${BASE}:id/`, { config: access("change") }, (request) => updateDamagedStock(db, idOf(request), bodyOf(request), authOf(request), false));
  app.patch(`${BASE}:id/`, { config: access("change") }, (request) => updateDamagedStock(db, idOf(request), bodyOf(request), authOf(request), true));
  app.delete(`${BASE}:id/`, { config: access("delete") }, async (request) => {
    await deleteDamagedStock(db, idOf(request), authOf(request));
    return { message: MESSAGES.deleted };
  });
}
