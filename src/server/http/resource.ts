import { MESSAGES } from "../../core/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SQL } from "drizzle-orm";
import type { AnyObject, ObjectSchema } from "yup";
import { permissionCode } from "../../core/permissions";
import { MAX_ID } from "../../core/validation/common";
import { shapeErrors, type ShapeDescription } from "../../core/validation/shape";
import { queryRows, queryRowsPrepared, type Db, type Executor, type Tx } from "../db/client";
import { currentXact, nextSyncVersion } from "../db/schema/columns";
import { authOf, type AuthContext } from "./access";
import { badRequest, fieldErrors, notFound, staleRecord } from "./errors";
import { idempotentCreate } from "./idempotency";
import { listConditions, type ListSpec } from "./list-engine";
import { registerListRoutes, type ListRoutesOptions } from "./list-routes";

/**
 * A resource with the full Django-REST shape of DESIGN section 3: list, totals, all, read, create
 * (idempotent), update (with the stale-version check) and delete (a tombstone, so devices learn of
 * it). An entity declares its table, list spec, schema and the few writes that are its own.
 */
export interface ResourceDef<Body extends AnyObject> {
  /** Path under /api/, with its trailing slash: "item-group/". */
  path: string;
  /** Model name of the permission codes: view_<model>, add_<model> ... */
  model: string;
  /** SQL table name, for the tombstone and version columns every resource has. */
  table: string;
  list: ListSpec;
  /** The id column in the list's source (e.g. sql`g.id`). */
  idSql: SQL;
  schema: ObjectSchema<Body>;
  insert(tx: Tx, body: Body, auth: AuthContext): Promise<number>;
  update(tx: Tx, id: number, body: Body, auth: AuthContext): Promise<void>;
  /** Business checks before a write (uniqueness, branch visibility of references). */
  check?(tx: Tx, body: Body, auth: AuthContext, id?: number): Promise<void>;
  /** Why the record cannot be deleted (linked to others), or null. */
  blockDelete?(tx: Tx, id: number): Promise<string | null>;
  /** Extra permission codes that may create (quick-create codes of SPEC section 6). */
  addCodes?: readonly string[];
  /** Codes for `all/` (selectors); defaults to the view code. */
  allCodes?: readonly string[];
  /** Shapes the rows of the list reads for the caller (hides what `all/` may not show them). */
  mapRows?: ListRoutesOptions["map"];
}

export interface ResourceDeps {
  db: Db;
}

/** Bumps the change version and stamp of a row: every update of a cached table must do this. */
export const touched = () => ({ syncVersion: nextSyncVersion, xactId: currentXact, updatedAt: new Date() });

export function parseId(raw: unknown): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID) throw notFound();
  return id;
}

/** A schema's description, worked out once: validateBody runs on every write, describe() walks the whole schema. */
const descriptions = new WeakMap<object, ShapeDescription>();
function describedOnce(schema: { describe(): ShapeDescription }): ShapeDescription {
  let description = descriptions.get(schema);
  if (!description) descriptions.set(schema, (description = schema.describe()));
  return description;
}

export async function validateBody<Body extends AnyObject>(schema: ObjectSchema<Body>, body: unknown): Promise<Body> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest(MESSAGES.invalidRequestBody);
  const wrongKinds = shapeErrors(describedOnce(schema), body);
  if (Object.keys(wrongKinds).length > 0) throw fieldErrors(wrongKinds);
  return schema.validate(body, { abortEarly: false, stripUnknown: true }) as Promise<Body>;
}

/** One record as its list answers it, 404 outside the caller's branches; `extra` adds columns (a document's lines). */
export async function readOne<T>(ex: Executor, spec: ListSpec, idSql: SQL, id: number, auth: AuthContext, extra?: SQL): Promise<T> {
  const where = [...listConditions(spec, {}, auth), sql`${idSql} = ${id}`];
  const columns = extra ? sql`${spec.select}, ${extra}` : spec.select;
  const [row] = await queryRowsPrepared<T>(ex, sql`select ${columns} from ${spec.source} where ${sql.join(where, sql` and `)}`);
  if (!row) throw notFound();
  return row;
}

/** 423 when the client edited a version older than the stored one (it sends the updated_at it loaded). */
export async function assertFresh(tx: Tx, table: string, id: number, clientStamp: unknown) {
  if (typeof clientStamp !== "string" || clientStamp === "") return;
  const [row] = await queryRows<{ updated_at: string | Date }>(
    tx,
    sql`select updated_at from ${sql.identifier(table)} where id = ${id} for update`,
  );
  if (row && new Date(row.updated_at).getTime() !== new Date(clientStamp).getTime()) throw staleRecord();
}

/** The codes of a resource's list page and read (also what the device pull asks for its cached rows). */
export const viewCodesOf = (def: Pick<ResourceDef<AnyObject>, "model">): string[] => [permissionCode("view", def.model)];

/** The codes of a resource's `all/` (its selectors). */
export const allCodesOf = (def: Pick<ResourceDef<AnyObject>, "model" | "allCodes">): readonly string[] => def.allCodes ?? viewCodesOf(def);

export function registerResource<Body extends AnyObject>(app: FastifyInstance, deps: ResourceDeps, def: ResourceDef<Body>) {
  const { db } = deps;
  const base = `/api/${def.path}`;
  const view = viewCodesOf(def);
  const add = [permissionCode("add", def.model), ...(def.addCodes ?? [])];
  const change = [permissionCode("change", def.model)];
  const remove = [permissionCode("delete", def.model)];

  registerListRoutes(app, db, base, def.list, { view, all: allCodesOf(def), map: def.mapRows });
  app.get(`${base}:id/`, { config: { access: { permissions: view } } }, async (request) =>
    readOne(db, def.list, def.idSql, parseId((request.params as { id: string }).id), authOf(request)),
  );

  app.post(base, { config: { access: { permissions: add }, body: def.schema } }, async (request, reply) => {
    const auth = authOf(request);
    const payload = (request.body ?? {}) as Record<string, unknown>;
    const result = await idempotentCreate(db, auth, payload, async (tx) => {
      const body = await validateBody(def.schema, payload);
      await def.check?.(tx, body, auth);
      const id = await def.insert(tx, body, auth);
      return { status: 201, body: await readOne(tx, def.list, def.idSql, id, auth) };
    });
    return reply.status(result.status).send(result.body);
  });

  const updateHandler = async (request: FastifyRequest, partial: boolean) => {
    const auth = authOf(request);
    const id = parseId((request.params as { id: string }).id);
    const payload = (request.body ?? {}) as Record<string, unknown>;
    return db.transaction(async (tx) => {
      const current = await readOne<Record<string, unknown>>(tx, def.list, def.idSql, id, auth);
      await assertFresh(tx, def.table, id, payload.updated_at);
      const merged = partial ? { ...current, ...payload } : payload;
      const body = await validateBody(def.schema, merged);
      await def.check?.(tx, body, auth, id);
      await def.update(tx, id, body, auth);
      return readOne(tx, def.list, def.idSql, id, auth);
    });
  };
  app.put(`${base}:id/`, { config: { access: { permissions: change }, body: def.schema } }, (request) => updateHandler(request, false));
  app.patch(`${base}:id/`, { config: { access: { permissions: change }, body: def.schema.partial() } }, (request) =>
    updateHandler(request, true),
  );

  app.delete(`${base}:id/`, { config: { access: { permissions: remove } } }, async (request) => {
    const auth = authOf(request);
    const id = parseId((request.params as { id: string }).id);
    await db.transaction(async (tx) => {
      await readOne(tx, def.list, def.idSql, id, auth);
      const reason = await def.blockDelete?.(tx, id);
      if (reason) throw badRequest(reason);
      await tx.execute(
        sql`update ${sql.identifier(def.table)} set deleted_at = now(), updated_at = now(), sync_version = ${nextSyncVersion}, xact_id = ${currentXact} where id = ${id}`,
      );
    });
    return { message: "Deleted successfully" };
  });
}

/** A field error for a reference the caller may not use (another branch, deleted, absent). */
export const invalidChoice = (field: string) => fieldErrors({ [field]: [MESSAGES.invalidChoice] });
