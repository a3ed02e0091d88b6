import type { FastifyInstance, FastifyRequest } from "fastify";
import type { SQL } from "drizzle-orm";
import type { AnyObject, ObjectSchema } from "yup";
import { permissionCode } from "../../../core/permissions";
import type { Db, Tx } from "../../db/client";
import { authOf, type AuthContext } from "../../http/access";
import { idempotentCreate } from "../../http/idempotency";
import type { ListSpec } from "../../http/list-engine";
import { registerListRoutes } from "../../http/list-routes";
import { assertFresh, parseId, readOne } from "../../http/resource";

/**
 * The Django-REST routes of a stock document (list, totals, all, read, create, update, delete).
 * Unlike a master-data resource, a document's writes move stock and post to the ledger, so the
 * service owns create, update and delete; a delete removes the document after reversing it.
 */
export interface DocumentRoutesDef {
  /** Path under /api/ with its trailing slash. */
  path: string;
  model: string;
  table: string;
  list: ListSpec;
  /** The body a create or update takes (the service validates with it). */
  schema: ObjectSchema<AnyObject>;
  /** The read and write answer: the list row plus its lines. */
  detail: ListSpec;
  idSql: SQL;
  create(tx: Tx, payload: Record<string, unknown>, auth: AuthContext): Promise<number>;
  update(tx: Tx, id: number, payload: Record<string, unknown>, auth: AuthContext): Promise<void>;
  remove(tx: Tx, id: number, auth: AuthContext): Promise<void>;
}

export function registerDocumentRoutes(app: FastifyInstance, db: Db, def: DocumentRoutesDef) {
  const base = `/api/${def.path}`;
  const codes = (action: "view" | "add" | "change" | "delete") => ({ access: { permissions: [permissionCode(action, def.model)] } });
  const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);

  registerListRoutes(app, db, base, def.list, { view: [permissionCode("view", def.model)] });
  app.get(`${base}:id/`, { config: codes("view") }, async (request) => readOne(db, def.detail, def.idSql, idOf(request), authOf(request)));

  app.post(base, { config: { ...codes("add"), body: def.schema } }, async (request, reply) => {
    const auth = authOf(request);
    const payload = (request.body ?? {}) as Record<string, unknown>;
    const result = await idempotentCreate(db, auth, payload, async (tx) => {
      const id = await def.create(tx, payload, auth);
      return { status: 201, body: await readOne(tx, def.detail, def.idSql, id, auth) };
    });
    return reply.status(result.status).send(result.body);
  });

  const updateHandler = (partial: boolean) => async (request: FastifyRequest) => {
    const auth = authOf(request);
    const id = idOf(request);
    const payload = (request.body ?? {}) as Record<string, unknown>;
    return db.transaction(async (tx) => {
      const current = await readOne<Record<string, unknown>>(tx, def.detail, def.idSql, id, auth);
      await assertFresh(tx, def.table, id, payload.updated_at);
      await def.update(tx, id, partial ? { ...current, ...payload } : payload, auth);
      return readOne(tx, def.detail, def.idSql, id, auth);
    });
  };
  app.put(`${base}:id/`, { config: { ...codes("change"), body: def.schema } }, updateHandler(false));
  app.patch(`${base}:id/`, { config: { ...codes("change"), body: def.schema.partial() } }, updateHandler(true));

  app.delete(`${base}:id/`, { config: codes("delete") }, async (request) => {
    const auth = authOf(request);
    const id = idOf(request);
    await db.transaction(async (tx) => {
      await readOne(tx, def.list, def.idSql, id, auth);
      await def.remove(tx, id, auth);
    });
    return { message: "Deleted successfully" };
  });
}
