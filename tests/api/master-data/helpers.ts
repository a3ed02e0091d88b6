import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../../../src/server/db/client";
import { appUser, branch, userBranch, userPermission } from "../../../src/server/db/tables";
import type { Paged } from "../../../src/core/api-types";
import { hashPassword } from "../../../src/server/http/passwords";
import { json, pageRows, type FieldErrors } from "../support/json";
import { formToken, type TestApp } from "../support/test-app";

/** A row of a named master-data list. */
export interface NamedRow {
  id: number;
  name: string;
}

/** A named master-data record as create, read and update answer it. */
export interface NamedRecord extends NamedRow {
  updated_at: string;
}

/** The demo branches, by name (seed.ts): Erbil Main is the cashier's, Sulaymaniyah is not. */
export async function demoBranches(t: TestApp): Promise<{ erbil: number; sulaymaniyah: number }> {
  const rows = await t.db.select({ id: branch.id, name: branch.name }).from(branch);
  const byName = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  return { erbil: byName["Erbil Main"], sulaymaniyah: byName["Sulaymaniyah"] };
}

let userCounter = 0;
/** A user made for the test, with exactly these codes and branches; answers its token. */
export async function makeUser(t: TestApp, codes: string[], branchIds: number[]): Promise<string> {
  userCounter += 1;
  const username = `md_user_${Date.now()}_${userCounter}`;
  const [user] = await t.db
    .insert(appUser)
    .values({ username, passwordHash: await hashPassword(username) })
    .returning({ id: appUser.id });
  if (codes.length) await t.db.insert(userPermission).values(codes.map((code) => ({ userId: user.id, code })));
  if (branchIds.length) await t.db.insert(userBranch).values(branchIds.map((branchId) => ({ userId: user.id, branchId })));
  return t.login(username);
}

/** POST with a form_token; `T` is the answer the test reads (its body stays `unknown` without it). */
export async function create<T = unknown>(t: TestApp, token: string, path: string, body: Record<string, unknown>) {
  return t.call<T>(token, "POST", `/api/${path}`, { ...body, form_token: formToken(path.replace(/\W/g, "")) });
}

/** The stored row behind a deleted record: still there, tombstoned, with a newer sync_version. */
export async function expectTombstone(t: TestApp, table: string, id: number, versionBefore: number) {
  const [row] = await queryRows<{ deleted_at: unknown; sync_version: string | number }>(
    t.db,
    sql`select deleted_at, sync_version from ${sql.identifier(table)} where id = ${id}`,
  );
  expect(row).toBeDefined();
  expect(row.deleted_at).not.toBeNull();
  expect(Number(row.sync_version)).toBeGreaterThan(versionBefore);
}

export async function syncVersion(t: TestApp, table: string, id: number): Promise<number> {
  const [row] = await queryRows<{ sync_version: string | number }>(
    t.db,
    sql`select sync_version from ${sql.identifier(table)} where id = ${id}`,
  );
  return Number(row.sync_version);
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(t.db, sql`select count(*) as n from ${sql.identifier(table)}`);
  return Number(row.n);
}

/**
 * The whole life of a simple named resource: create, read, list (filter, ordering, search, paging),
 * update, stale update (423), delete (tombstone), validation and unknown filters.
 */
export async function exerciseNamedResource(t: TestApp, admin: string, path: string, table: string, extra: Record<string, unknown> = {}) {
  const created = await create<NamedRecord>(t, admin, path, { name: "Zeta test record", ...extra });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ name: "Zeta test record" });
  const id = created.body.id;
  expect(typeof created.body.updated_at).toBe("string");

  const read = await t.call<NamedRecord>(admin, "GET", `/api/${path}${id}/`);
  expect(read.status).toBe(200);
  expect(read.body).toEqual(created.body);

  const second = await create<NamedRecord>(t, admin, path, { name: "Alpha test record", ...extra });
  expect(second.status).toBe(201);

  const filtered = await t.call<Paged<NamedRow>>(admin, "GET", `/api/${path}?name__icontains=test record&ordering=name&page_size=25`);
  expect(filtered.status).toBe(200);
  expect(filtered.body.count).toBe(2);
  expect(pageRows<NamedRow>(filtered).map((r) => r.name)).toEqual(["Alpha test record", "Zeta test record"]);
  expect(filtered.body).toHaveProperty("next", null);
  expect(filtered.body).toHaveProperty("previous", null);

  const paged = await t.call<Paged<NamedRow>>(admin, "GET", `/api/${path}?search=test rec&ordering=-name&page_size=1&page=1`);
  expect(paged.status).toBe(200);
  expect(paged.body.count).toBe(2);
  expect(pageRows<NamedRow>(paged).map((r) => r.name)).toEqual(["Zeta test record"]);
  expect(paged.body.next).toContain("page=2");
  const page2 = await t.call<Paged<NamedRow>>(admin, "GET", paged.body.next!);
  expect(pageRows<NamedRow>(page2).map((r) => r.name)).toEqual(["Alpha test record"]);
  expect(page2.body.previous).toContain("page=1");

  const all = await t.call(admin, "GET", `/api/${path}all/`);
  expect(all.status).toBe(200);
  expect(Array.isArray(all.body)).toBe(true);
  expect(json<NamedRow[]>(all).some((r) => r.id === id)).toBe(true);

  const updated = await t.call<NamedRecord>(admin, "PUT", `/api/${path}${id}/`, {
    name: "Zeta renamed",
    ...extra,
    updated_at: read.body.updated_at,
  });
  expect(updated.status).toBe(200);
  expect(updated.body.name).toBe("Zeta renamed");

  const stale = await t.call(admin, "PATCH", `/api/${path}${id}/`, { name: "Stale edit", updated_at: read.body.updated_at });
  expect(stale.status).toBe(423);
  expect(stale.body).toEqual({ message: "There was an error, please refresh the page and try again" });

  const patched = await t.call<NamedRecord>(admin, "PATCH", `/api/${path}${id}/`, {
    name: "Zeta patched",
    updated_at: updated.body.updated_at,
  });
  expect(patched.status).toBe(200);
  expect(patched.body.name).toBe("Zeta patched");

  const required = await create<FieldErrors>(t, admin, path, { name: "   ", ...extra });
  expect(required.status).toBe(400);
  expect(required.body.name).toEqual(["This field is required"]);

  const unknown = await t.call(admin, "GET", `/api/${path}?colour=red`);
  expect(unknown.status).toBe(400);
  expect(unknown.body).toEqual({ colour: ["Unknown filter: colour"] });
  const badOrdering = await t.call(admin, "GET", `/api/${path}?ordering=password`);
  expect(badOrdering.status).toBe(400);

  const before = await syncVersion(t, table, id);
  const deleted = await t.call(admin, "DELETE", `/api/${path}${id}/`);
  expect(deleted.status).toBe(200);
  expect(deleted.body).toEqual({ message: "Deleted successfully" });
  expect((await t.call(admin, "GET", `/api/${path}${id}/`)).status).toBe(404);
  const after = await t.call(admin, "GET", `/api/${path}?name__icontains=test record`);
  expect(pageRows<NamedRow>(after).map((r) => r.id)).not.toContain(id);
  expect((await t.call(admin, "DELETE", `/api/${path}${id}/`)).status).toBe(404);
  expect((await t.call(admin, "PATCH", `/api/${path}${id}/`, { name: "ghost" })).status).toBe(404);
  await expectTombstone(t, table, id, before);
  return { deletedId: id, otherId: second.body.id };
}
