import { eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { groupChangeRefusal, type Rights } from "../../../core/user-rights";
import { groupSchema, type GroupInput } from "../../../core/validation/user-schemas";
import { queryRows, type Db, type Tx } from "../../db/client";
import { authGroup, groupPermission } from "../../db/tables";
import type { AuthContext } from "../../http/access";
import { fieldErrors, forbidden } from "../../http/errors";
import { idempotentCreate } from "../../http/idempotency";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";
import { assertFresh, readOne, validateBody } from "../../http/resource";
import { ALL_CODES } from "../../seed/permission-sets";
import { auditLinks } from "./links-audit";
import { memberRightsOf, rightsOf } from "./user.repository";

/** Roles are Django groups: a name and a set of codes; a member's rights are their own plus their groups'. */
export const groupListSpec: ListSpec = {
  source: sql`auth_group g`,
  select: sql`g.id, g.name, array(select code from group_permission where group_id = g.id order by code) as permissions,
    (select count(*)::int from user_group where group_id = g.id) as user_count, ${isoTimestamp(sql`g.updated_at`)} as updated_at`,
  fields: {
    id: { sql: sql`g.id`, type: "integer" },
    name: { sql: sql`g.name`, type: "text" },
  },
  search: [sql`g.name`],
};

const idSql = sql`g.id`;
export const readGroup = (ex: Db | Tx, id: number, auth: AuthContext) =>
  readOne<{ id: number; permissions: string[] }>(ex, groupListSpec, idSql, id, auth);

type GroupRow = Record<string, unknown>;

/**
 * Adds to each role whether the caller may change (or delete) it, and if not why (user-rights.ts's
 * refusal: `manage-above` it holds codes the caller lacks, `member-above` a member is beyond the caller).
 */
export async function withChangeRights(ex: Db | Tx, auth: AuthContext, rows: GroupRow[]): Promise<GroupRow[]> {
  const actor = await rightsOf(ex, auth.userId);
  const members = await memberRightsOf(
    ex,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => {
    const codes = row.permissions as string[];
    const refusal = actor ? groupChangeRefusal(actor, codes, codes, members.get(Number(row.id)) ?? []) : "manage-above";
    return { ...row, can_change: refusal === null, change_refusal: refusal };
  });
}

export async function readGroupWithRights(db: Db, id: number, auth: AuthContext) {
  const [row] = await withChangeRights(db, auth, [await readGroup(db, id, auth)]);
  return row;
}

const KNOWN_CODES = new Set(ALL_CODES);

async function check(tx: Tx, auth: AuthContext, body: GroupInput, before: string[] | null, members: Rights[], id?: number) {
  const errors: Record<string, string[]> = {};
  if (body.permissions.some((code) => !KNOWN_CODES.has(code))) errors.permissions = [MESSAGES.invalidChoice];
  const taken = await queryRows<{ id: number }>(
    tx,
    sql`select id from auth_group where lower(name) = lower(${body.name}) ${id ? sql`and id <> ${id}` : sql``} limit 1`,
  );
  if (taken.length > 0) errors.name = [MESSAGES.nameExists];
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  const actor = await rightsOf(tx, auth.userId);
  if (!actor || groupChangeRefusal(actor, before, body.permissions, members)) throw forbidden();
}

/** The members' rights, read after the role is locked. */
async function membersOf(tx: Tx, id: number): Promise<Rights[]> {
  return (await memberRightsOf(tx, [id])).get(id) ?? [];
}

async function writeCodes(tx: Tx, groupId: number, codes: string[]) {
  await tx.delete(groupPermission).where(eq(groupPermission.groupId, groupId));
  const unique = [...new Set(codes)];
  if (unique.length) await tx.insert(groupPermission).values(unique.map((code) => ({ groupId, code })));
}

export async function createGroup(db: Db, auth: AuthContext, payload: Record<string, unknown>) {
  return idempotentCreate(db, auth, payload, async (tx) => {
    const body = await validateBody(groupSchema, payload);
    await check(tx, auth, body, null, []);
    const [{ id }] = await queryRows<{ id: number }>(tx, sql`select nextval(pg_get_serial_sequence('auth_group', 'id'))::int as id`);
    await auditLinks(tx, "auth_group", id, "create", null, { permissions: body.permissions });
    await tx.insert(authGroup).values({ id, name: body.name });
    await writeCodes(tx, id, body.permissions);
    return { status: 201, body: await readGroup(tx, id, auth) };
  });
}

/** A change to a group's codes reaches every member on their next request (access.ts reads them per request). */
export async function updateGroup(db: Db, auth: AuthContext, id: number, payload: Record<string, unknown>, partial: boolean) {
  return db.transaction(async (tx) => {
    const current = await readGroup(tx, id, auth);
    // Locks the role, and refuses an edit of a version someone else has saved meanwhile (423).
    await assertFresh(tx, "auth_group", id, payload.updated_at);
    await tx.execute(sql`select id from auth_group where id = ${id} for update`);
    const body = await validateBody(groupSchema, partial ? { ...current, ...payload } : payload);
    await check(tx, auth, body, current.permissions, await membersOf(tx, id), id);
    await auditLinks(tx, "auth_group", id, "edit", { permissions: current.permissions }, { permissions: body.permissions });
    await tx.update(authGroup).set({ name: body.name, updatedAt: new Date() }).where(eq(authGroup.id, id));
    await writeCodes(tx, id, body.permissions);
    return readGroup(tx, id, auth);
  });
}

export async function deleteGroup(db: Db, auth: AuthContext, id: number) {
  await db.transaction(async (tx) => {
    const current = await readGroup(tx, id, auth);
    await tx.execute(sql`select id from auth_group where id = ${id} for update`);
    const actor = await rightsOf(tx, auth.userId);
    if (!actor || groupChangeRefusal(actor, current.permissions, [], await membersOf(tx, id))) throw forbidden();
    await auditLinks(tx, "auth_group", id, "delete", { permissions: current.permissions }, null);
    await tx.delete(authGroup).where(eq(authGroup.id, id));
  });
  return { message: MESSAGES.deleted };
}
