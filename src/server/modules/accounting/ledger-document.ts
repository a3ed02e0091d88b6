import { sql, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AnyObject, ObjectSchema } from "yup";
import { type PostingLine } from "../../../core/posting";
import { queryRows, type Db, type Executor, type Tx } from "../../db/client";
import { authOf, type AuthContext } from "../../http/access";
import { notFound, staleRecord } from "../../http/errors";
import { idempotentCreate, readFormToken } from "../../http/idempotency";
import { isoTimestamp, type ListField, type ListSpec } from "../../http/list-engine";
import { registerListRoutes } from "../../http/list-routes";
import { parseId, readOne, validateBody } from "../../http/resource";
import { assignDocumentNumber, renumberIfMoved, type NumberedTable } from "../documents/document-number";
import { baseCurrencyId } from "../documents/currency-context";
import { unpost, writePosting } from "../ledger/ledger.repository";
import { lockCashboxes, type CashboxRow } from "./cashbox.repository";
import { assertNotOverdrawn, balances } from "./cashbox-guard";
import { routeConfig, withInputDate } from "./route-config";
import { stampFields } from "../../http/stamp-fields";

/**
 * One engine for the ledger documents that have no lines or allocations (money conversions,
 * cashbox adjustments, capital, debit invoices), the shape DESIGN "Money documents" gives every money
 * document: validate, lock the cashboxes (by id), write the document and its posting in one transaction,
 * number it last; edits and deletes append the reversal of the old posting (the ledger is append-only);
 * no write leaves a cashbox below zero, checked inside it with the cashboxes locked. A kind says only
 * what differs: its table and columns, its body, how a body becomes stored values, and its posting.
 */
export interface DocValues {
  branch_id: number;
  input_date: string;
  note: string;
}

/** How a column reads back: numeric columns as text, so no float ever carries money. */
export type ColumnKind = "int" | "int?" | "text" | "numeric";

export type StoredRow<V> = V & { id: number; updated_at: Date | string };

export interface LedgerDocDef<Body extends AnyObject, V extends DocValues> {
  /** Table, ledger document type and numbering key. */
  table: NumberedTable;
  /** Under /api/accounting/, e.g. "money-conversion/". */
  path: string;
  list: ListSpec;
  schema: ObjectSchema<Body>;
  codes: { view: string[]; add: string[]; change: string[]; delete: string[] };
  columns: { [K in keyof V]: ColumnKind };
  /** Table columns named otherwise than their value (a debit invoice's party_id is supplier_id or customer_id). */
  columnNames?: Partial<Record<keyof V, string>>;
  /** The cashboxes a write touches (locked in id order before `prepare`): the body's and a stored row's. */
  cashboxes(body: Body | null, row: V | null): number[];
  /** Checks the body (branch scope, currencies, rates) and answers the values to store. */
  prepare(tx: Tx, auth: AuthContext, body: Body, boxes: Map<number, CashboxRow>, existing: StoredRow<V> | null): Promise<V>;
  /** The document's lines; `baseCurrencyId` for what a posting books in the base currency (an exchange difference). */
  posting(values: V, baseCurrencyId: number): PostingLine[];
  /** Refuses an edit or delete through the API (a count's adjustment is changed through its count). */
  guard?(tx: Tx, row: StoredRow<V>): Promise<void>;
  /** More columns of a record's read than its list row has (alias d): a debit invoice's receipts. */
  readExtra?: SQL;
}

/** The list columns every such document ends with (alias d, its creator joined as u). */
export const documentTailSelect = sql`d.input_date, d.note, d.created_by, u.username as created_by_name,
  ${isoTimestamp(sql`d.created_at`)} as created_at, ${isoTimestamp(sql`d.updated_at`)} as updated_at`;

/** The list fields of those columns, and of the per-branch number and id. */
export const documentFields: Record<string, ListField> = {
  id: { sql: sql`d.id`, type: "integer" },
  invoice_no: { sql: sql`d.invoice_no`, type: "integer" },
  input_date: { sql: sql`d.input_date`, type: "date" },
  note: { sql: sql`d.note`, type: "text" },
  created_by_name: { sql: sql`u.username`, type: "text" },
  ...stampFields("d"),
};

type AnyDef = LedgerDocDef<AnyObject, DocValues>;
const asAny = <B extends AnyObject, V extends DocValues>(def: LedgerDocDef<B, V>) => def as unknown as AnyDef;

const column = (name: string) => sql.identifier(name);
const tableColumn = (def: { columnNames?: Partial<Record<string, string>> }, name: string) => column(def.columnNames?.[name] ?? name);

async function lockRow<V extends DocValues>(tx: Tx, def: LedgerDocDef<AnyObject, V>, id: number): Promise<StoredRow<V> | null> {
  const cols = Object.entries(def.columns as Record<string, ColumnKind>).map(([name, kind]) =>
    kind === "numeric" ? sql`${tableColumn(def, name)}::text as ${column(name)}` : sql`${tableColumn(def, name)} as ${column(name)}`,
  );
  const [row] = await queryRows<StoredRow<V>>(
    tx,
    sql`select id, updated_at, ${sql.join(cols, sql`, `)} from ${column(def.table)} where id = ${id} for update`,
  );
  return row ?? null;
}

const valuesOf = (def: AnyDef, v: DocValues) =>
  Object.keys(def.columns).map((name) => [name, (v as unknown as Record<string, unknown>)[name]] as const);

async function insertRow(tx: Tx, def: AnyDef, v: DocValues, formToken: string | null, userId: number): Promise<number> {
  const entries = valuesOf(def, v);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into ${column(def.table)} (invoice_no, form_token, created_by, ${sql.join(
      entries.map(([name]) => tableColumn(def, name)),
      sql`, `,
    )})
        values (0, ${formToken}, ${userId}, ${sql.join(
          entries.map(([, value]) => sql`${value}`),
          sql`, `,
        )}) returning id`,
  );
  return row.id;
}

async function updateRow(tx: Tx, def: AnyDef, id: number, v: DocValues): Promise<void> {
  const sets = valuesOf(def, v).map(([name, value]) => sql`${tableColumn(def, name)} = ${value}`);
  await tx.execute(sql`update ${column(def.table)} set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
}

const reverse = (tx: Tx, def: AnyDef, auth: AuthContext, row: StoredRow<DocValues>) =>
  unpost(tx, { branchId: row.branch_id, documentType: def.table, documentId: row.id, entryDate: row.input_date, userId: auth.userId });

async function write(
  tx: Tx,
  def: AnyDef,
  auth: AuthContext,
  body: AnyObject,
  existing: StoredRow<DocValues> | null,
  formToken: string | null,
) {
  const boxes = await lockCashboxes(tx, auth, def.cashboxes(body, existing));
  const values = await def.prepare(tx, auth, body, boxes, existing);
  const before = await balances(tx, boxes.values());
  if (existing) await reverse(tx, def, auth, existing);
  const id = existing ? existing.id : await insertRow(tx, def, values, formToken, auth.userId);
  if (existing) await updateRow(tx, def, id, values);
  await writePosting(
    tx,
    { branchId: values.branch_id, documentType: def.table, documentId: id, entryDate: values.input_date, userId: auth.userId },
    def.posting(values, await baseCurrencyId(tx)),
  );
  await assertNotOverdrawn(tx, boxes.values(), before);
  return { id, branchId: values.branch_id };
}

export const readLedgerDocument = <T = Record<string, unknown>>(
  ex: Executor,
  def: { list: ListSpec; readExtra?: SQL },
  id: number,
  auth: AuthContext,
) => readOne<T>(ex, def.list, sql`d.id`, id, auth, def.readExtra);

/** A new document in the caller's (idempotent) transaction, numbered last. */
export async function createLedgerDocumentTx<B extends AnyObject, V extends DocValues>(
  tx: Tx,
  def: LedgerDocDef<B, V>,
  auth: AuthContext,
  body: B,
  formToken: string | null,
): Promise<Record<string, unknown> & { id: number; invoice_no: number }> {
  const written = await write(tx, asAny(def), auth, body, null, formToken);
  const read = await readLedgerDocument(tx, def, written.id, auth);
  return { ...read, id: written.id, invoice_no: await assignDocumentNumber(tx, def.table, written.id, written.branchId, def.table) };
}

/** The stored row, locked; another branch's (or a missing) one is 404. */
export async function lockVisible<V extends DocValues>(
  tx: Tx,
  def: LedgerDocDef<AnyObject, V>,
  auth: AuthContext,
  id: number,
): Promise<StoredRow<V>> {
  const row = await lockRow(tx, def, id);
  if (!row || !auth.branchIds.includes(row.branch_id)) throw notFound();
  return row;
}

async function updateDocument(db: Db, def: AnyDef, auth: AuthContext, id: number, payload: Record<string, unknown>) {
  return db.transaction(async (tx) => {
    const row = await lockVisible(tx, def, auth, id);
    await def.guard?.(tx, row);
    const stamp = payload.updated_at;
    if (typeof stamp === "string" && stamp !== "" && new Date(row.updated_at).getTime() !== new Date(stamp).getTime()) throw staleRecord();
    const body = await validateBody(def.schema, payload);
    const written = await write(tx, def, auth, body, row, null);
    await renumberIfMoved(tx, def.table, id, { from: row.branch_id, to: written.branchId }, def.table);
    return readLedgerDocument(tx, def, id, auth);
  });
}

/** Deletes a locked row: its reversal, the overdraw check, the row (no guard: callers check). */
export async function deleteLockedDocument<B extends AnyObject, V extends DocValues>(
  tx: Tx,
  def: LedgerDocDef<B, V>,
  auth: AuthContext,
  row: StoredRow<V>,
): Promise<void> {
  const any = asAny(def);
  const boxes = await lockCashboxes(tx, auth, any.cashboxes(null, row));
  const before = await balances(tx, boxes.values());
  await reverse(tx, any, auth, row);
  await assertNotOverdrawn(tx, boxes.values(), before);
  await tx.execute(sql`delete from ${column(def.table)} where id = ${row.id}`);
}

/** GET (page, totals/, all/, <id>/), POST (idempotent), PUT, PATCH and DELETE <id>/ under /api/accounting/<path>. */
export function registerLedgerDocument<B extends AnyObject, V extends DocValues>(
  app: FastifyInstance,
  db: Db,
  typed: LedgerDocDef<B, V>,
): void {
  const def = asAny(typed);
  const base = `/api/accounting/${def.path}`;
  const view = { config: { access: { permissions: def.codes.view } } };
  const bodyOf = (request: FastifyRequest) => withInputDate((request.body ?? {}) as Record<string, unknown>);
  const idOf = (request: FastifyRequest) => parseId((request.params as { id: string }).id);
  registerListRoutes(app, db, base, def.list, { view: def.codes.view });
  app.get(`${base}:id/`, view, async (request) => readLedgerDocument(db, def, idOf(request), authOf(request)));
  app.post(base, { config: routeConfig(def.codes.add, def.schema) }, async (request, reply) => {
    const auth = authOf(request);
    const payload = bodyOf(request);
    const result = await idempotentCreate(db, auth, payload, async (tx) => ({
      status: 201,
      body: await createLedgerDocumentTx(tx, def, auth, await validateBody(def.schema, payload), readFormToken(payload)),
    }));
    return reply.status(result.status).send(result.body);
  });
  const update = (partial: boolean) => async (request: FastifyRequest) => {
    const auth = authOf(request);
    const id = idOf(request);
    let payload = bodyOf(request);
    if (partial) payload = { ...(await readLedgerDocument(db, def, id, auth)), ...payload };
    return updateDocument(db, def, auth, id, payload);
  };
  app.put(`${base}:id/`, { config: routeConfig(def.codes.change, def.schema) }, update(false));
  app.patch(`${base}:id/`, { config: routeConfig(def.codes.change, def.schema.partial()) }, update(true));
  app.delete(`${base}:id/`, { config: { access: { permissions: def.codes.delete } } }, async (request) => {
    const auth = authOf(request);
    const id = idOf(request);
    await db.transaction(async (tx) => {
      const row = await lockVisible(tx, def, auth, id);
      await def.guard?.(tx, row);
      await deleteLockedDocument(tx, def, auth, row);
    });
    return { message: "Deleted successfully" };
  });
}
