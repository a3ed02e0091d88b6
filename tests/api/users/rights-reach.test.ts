import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../../src/server/db/client";
import { json, pageRows, type Created } from "../support/json";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";

/**
 * Rights never travel sideways (DESIGN section 7): a role reaches every member's rights, so only someone
 * who may manage each member may change it; a user's audit rows show only to those who may manage them.
 */
let t: TestApp;
let w: SaleWorld;
let admin: string;
let branchTwoAdmin: string;
let erbilRole: number;
let suliRole: number;
withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
  const role = async (name: string) =>
    json<Created>(await t.call(admin, "POST", "/api/user/group/", { name, permissions: ["view_sale"], form_token: formToken() })).id;
  erbilRole = await role("Erbil till");
  suliRole = await role("Suli till");
  const user = async (username: string, body: Record<string, unknown>) => {
    const res = await t.call(admin, "POST", "/api/user/", { username, password: "long enough 1", form_token: formToken(), ...body });
    expect(res.status, username).toBe(201);
  };
  await user("erbil_till", { branches: [w.erbil], cashboxes: [w.cash.erbilIqd], groups: [erbilRole] });
  await user("suli_till", { branches: [w.suli], cashboxes: [w.cash.suliIqd], groups: [suliRole] });
  await user("suli_admin", {
    branches: [w.suli],
    cashboxes: [w.cash.suliIqd],
    permissions: ["view_user", "add_user", "change_user", "delete_user", "view_sale", "delete_sale", "view_auditlog"],
  });
  branchTwoAdmin = await t.login("suli_admin", "long enough 1");
});

/** The codes a user holds through roles and directly, read from the tables. */
async function codesOf(username: string): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    t.db,
    sql`select gp.code from group_permission gp join user_group ug on ug.group_id = gp.group_id join app_user u on u.id = ug.user_id
        where u.username = ${username}
        union select up.code from user_permission up join app_user u on u.id = up.user_id where u.username = ${username}
        order by 1`,
  );
  return rows.map((r) => r.code);
}

interface RoleRow {
  id: number;
  can_change: boolean;
  change_refusal: string | null;
}

describe("a role whose members are in another branch", () => {
  it("refuses its edit and its delete (403) and leaves its members' rights as they were", async () => {
    const before = await codesOf("erbil_till");
    expect(before).toEqual(["view_sale"]);
    const edit = await t.call(branchTwoAdmin, "PATCH", `/api/user/group/${erbilRole}/`, {
      permissions: ["view_sale", "change_user", "add_user", "delete_sale"],
    });
    expect(edit.status).toBe(403);
    expect((await t.call(branchTwoAdmin, "PUT", `/api/user/group/${erbilRole}/`, { name: "Mine", permissions: [] })).status).toBe(403);
    expect((await t.call(branchTwoAdmin, "DELETE", `/api/user/group/${erbilRole}/`)).status).toBe(403);
    expect(await codesOf("erbil_till")).toEqual(before);
    expect(json<{ name: string }>(await t.call(admin, "GET", `/api/user/group/${erbilRole}/`)).name).toBe("Erbil till");
  });

  it("refuses a role with a superuser among its members", async () => {
    const [{ id: adminId }] = await queryRows<{ id: number }>(t.db, sql`select id from app_user where username = 'admin'`);
    await t.db.execute(sql`insert into user_group (user_id, group_id) values (${adminId}, ${suliRole})`);
    expect((await t.call(branchTwoAdmin, "PATCH", `/api/user/group/${suliRole}/`, { permissions: [] })).status).toBe(403);
    await t.db.execute(sql`delete from user_group where user_id = ${adminId} and group_id = ${suliRole}`);
  });

  it("the role list says which roles the caller may not change, and why", async () => {
    const rows = pageRows<RoleRow>(await t.call(branchTwoAdmin, "GET", "/api/user/group/?page_size=200"));
    expect(rows.find((r) => r.id === erbilRole)).toMatchObject({ can_change: false, change_refusal: "member-above" });
    expect(rows.find((r) => r.id === suliRole)).toMatchObject({ can_change: true, change_refusal: null });
    const manager = rows.find((r) => !([erbilRole, suliRole] as number[]).includes(r.id) && !r.can_change);
    expect(manager?.change_refusal).toBe("manage-above");
    expect(json<RoleRow>(await t.call(branchTwoAdmin, "GET", `/api/user/group/${erbilRole}/`)).can_change).toBe(false);
    expect(pageRows<RoleRow>(await t.call(admin, "GET", "/api/user/group/?page_size=200")).every((r) => r.can_change)).toBe(true);
  });

  it("a role whose members are all in the editor's branch still changes and deletes", async () => {
    const edit = await t.call(branchTwoAdmin, "PATCH", `/api/user/group/${suliRole}/`, { permissions: ["view_sale", "delete_sale"] });
    expect(edit.status).toBe(200);
    expect(await codesOf("suli_till")).toEqual(["delete_sale", "view_sale"]);
    expect((await t.call(branchTwoAdmin, "DELETE", `/api/user/group/${suliRole}/`)).status).toBe(200);
    expect(await codesOf("suli_till")).toEqual([]);
  });
});

interface AuditRow {
  record_type: string;
  record_id: number | null;
  action: string;
}

describe("the audit trail of another branch's people", () => {
  it("holds no row about a branch-1 user nor the superuser's sign-ins for a branch-2 reader; its own people stay", async () => {
    await t.login("erbil_till", "long enough 1");
    await t.login("suli_till", "long enough 1");
    const ids = Object.fromEntries(
      (await queryRows<{ id: number; username: string }>(t.db, sql`select id, username from app_user`)).map((u) => [u.username, u.id]),
    );
    const all = pageRows<AuditRow>(await t.call(admin, "GET", "/api/audit/?record_type=app_user&page_size=200"));
    expect(all.some((r) => r.record_id === ids.erbil_till && r.action === "sign-in")).toBe(true);
    expect(all.some((r) => r.record_id === ids.admin && r.action === "sign-in")).toBe(true);

    const res = await t.call(branchTwoAdmin, "GET", "/api/audit/?record_type=app_user&page_size=200");
    expect(res.status).toBe(200);
    const aboutUsers = pageRows<AuditRow>(res);
    expect(aboutUsers.filter((r) => r.record_id === ids.erbil_till || r.record_id === ids.admin)).toEqual([]);
    expect(aboutUsers.some((r) => r.record_id === ids.suli_till && r.action === "sign-in")).toBe(true);
    expect(aboutUsers.some((r) => r.record_id === ids.suli_till && r.action === "create")).toBe(true);
    // Rows with no branch that are not about a user keep their rule: the roles' rows still show.
    expect(pageRows<AuditRow>(await t.call(branchTwoAdmin, "GET", "/api/audit/?record_type=auth_group")).length).toBeGreaterThan(0);
    const filtered = pageRows<AuditRow>(await t.call(branchTwoAdmin, "GET", `/api/audit/?record_type=app_user&record_id=${ids.admin}`));
    expect(filtered).toEqual([]);
  });
});
