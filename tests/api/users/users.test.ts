import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../../src/server/db/client";
import { ALL_CODES } from "../../../src/server/seed/permission-sets";
import { json, pageRows, type Created, type FieldErrors } from "../support/json";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { signInSaleWorld, makeStock, type SaleWorld } from "../sale/helpers";

let t: TestApp;
let w: SaleWorld;
let admin: string;
withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
});

interface UserRow {
  id: number;
  username: string;
  is_superuser: boolean;
  is_active: boolean;
  branches: number[];
  cashboxes: number[];
  groups: number[];
  permissions: string[];
  updated_at: string;
}

const createUser = (token: string, body: Record<string, unknown>) =>
  t.call<UserRow>(token, "POST", "/api/user/", { password: "long enough 1", branches: [], ...body, form_token: formToken("user") });

const userCount = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from app_user`))[0].n;

/** What a user holds, read from the tables: a refused change must leave it exactly so. */
async function stored(username: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.db,
    sql`select u.is_superuser, u.is_active, u.password_hash,
          array(select code from user_permission where user_id = u.id order by code) as permissions,
          array(select group_id from user_group where user_id = u.id order by group_id) as groups,
          array(select branch_id from user_branch where user_id = u.id order by branch_id) as branches,
          array(select cashbox_id from user_cashbox where user_id = u.id order by cashbox_id) as cashboxes
        from app_user u where u.username = ${username}`,
  );
  return row;
}

async function groupId(name: string) {
  const groups = pageRows<{ id: number; name: string; permissions: string[] }>(
    await t.call(admin, "GET", "/api/user/group/?page_size=200"),
  );
  return groups.find((g) => g.name === name)!.id;
}

describe("a user limited to one branch and one code", () => {
  it("sees that branch's sales only, and sells once a group grants add_sale, without signing in again", async () => {
    const created = await createUser(admin, {
      username: "sara",
      first_name: "Sara",
      branches: [w.suli],
      default_branch: w.suli,
      permissions: ["view_sale"],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: "sara", branches: [w.suli], permissions: ["view_sale"], is_superuser: false });
    const sara = await t.login("sara", "long enough 1");

    const me = json<{ branches: { id: number }[]; permissions: string[] }>(await t.call(sara, "GET", "/api/user/me/"));
    expect(me.branches.map((b) => b.id)).toEqual([w.suli]);
    expect(me.permissions).toEqual(["view_sale"]);

    const sales = await t.call(sara, "GET", "/api/sale/?page_size=200");
    expect(sales.status).toBe(200);
    const [{ suli, erbil }] = await queryRows<{ suli: number; erbil: number }>(
      t.db,
      sql`select count(*) filter (where branch_id = ${w.suli})::int as suli, count(*) filter (where branch_id = ${w.erbil})::int as erbil from sale where deleted_at is null`,
    );
    expect(erbil).toBeGreaterThan(0);
    const rows = pageRows<{ branch: number | { id: number } }>(sales);
    expect(rows.length).toBe(Math.min(suli, 200));
    expect(rows.every((r) => (typeof r.branch === "object" ? r.branch.id : r.branch) === w.suli)).toBe(true);

    const [erbilSale] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from sale where branch_id = ${w.erbil} and deleted_at is null limit 1`,
    );
    expect((await t.call(sara, "GET", `/api/sale/${erbilSale.id}/`)).status).toBe(404);
    expect((await t.call(sara, "GET", "/api/purchase/")).status).toBe(403);
    expect((await t.call(sara, "GET", "/api/user/")).status).toBe(403);

    const stock = await makeStock(t, w.inv.suli, w.goods[0], "5");
    const sale = () =>
      t.call<Created>(sara, "POST", "/api/sale/", {
        branch: w.suli,
        inventory: w.inv.suli,
        customer: w.cust.suli,
        currency: w.iqd,
        payment_type: "cash",
        cashbox: w.cash.suliIqd,
        paid_amount: "0",
        discount: "0",
        items: [{ stock, quantity: "1", price: "1000" }],
        form_token: formToken("sara-sale"),
      });
    expect((await sale()).status).toBe(403);

    const group = await t.call<{ id: number }>(admin, "POST", "/api/user/group/", {
      name: "Suli sellers",
      permissions: ["add_sale"],
      form_token: formToken("group"),
    });
    expect(group.status).toBe(201);
    const patched = await t.call(admin, "PATCH", `/api/user/${created.body.id}/`, { groups: [group.body.id] });
    expect(patched.status).toBe(200);
    expect((await sale()).status).toBe(201);

    // Taking the code off the group takes it off her on the next request too.
    expect((await t.call(admin, "PATCH", `/api/user/group/${group.body.id}/`, { permissions: [] })).status).toBe(200);
    expect((await sale()).status).toBe(403);
  });
});

describe("privilege escalation is refused with a 403 that changes nothing", () => {
  let mona: string;
  let monaId: number;
  it("sets up a manager of users in one branch", async () => {
    const created = await createUser(admin, {
      username: "mona",
      branches: [w.erbil],
      cashboxes: [w.cash.erbilIqd],
      permissions: ["view_user", "add_user", "change_user", "view_sale", "add_sale"],
    });
    expect(created.status).toBe(201);
    monaId = created.body.id;
    mona = await t.login("mona", "long enough 1");
  });

  it("refuses granting a code, a group, a branch or a cashbox she does not hold, or a superuser", async () => {
    const before = await userCount();
    const attempts = [
      { username: "x1", branches: [w.erbil], permissions: ["view_purchase"] },
      { username: "x2", branches: [w.erbil], groups: [await groupId("Manager")] },
      { username: "x3", branches: [w.suli], permissions: ["view_sale"] },
      { username: "x4", branches: [w.erbil], cashboxes: [w.cash.erbilUsd], permissions: ["view_sale"] },
      // No cashbox listed means every cashbox of the branch, and she holds only one of them.
      { username: "x5", branches: [w.erbil], permissions: ["view_sale"] },
      { username: "x6", branches: [w.erbil], is_superuser: true },
    ];
    for (const body of attempts) expect((await createUser(mona, body)).status, body.username).toBe(403);
    expect(await userCount()).toBe(before);

    const allowed = await createUser(mona, {
      username: "x7",
      branches: [w.erbil],
      cashboxes: [w.cash.erbilIqd],
      permissions: ["view_sale"],
    });
    expect(allowed.status).toBe(201);
  });

  it("refuses raising her own rights, even to codes she could grant", async () => {
    const before = await stored("mona");
    const own = `/api/user/${monaId}/`;
    expect(
      (
        await t.call(mona, "PATCH", own, {
          permissions: ["view_user", "add_user", "change_user", "view_sale", "add_sale", "view_purchase"],
        })
      ).status,
    ).toBe(403);
    expect((await t.call(mona, "PATCH", own, { branches: [w.erbil, w.suli] })).status).toBe(403);
    expect((await t.call(mona, "PATCH", own, { is_superuser: true })).status).toBe(403);
    expect((await t.call(mona, "PATCH", own, { cashboxes: [w.cash.erbilIqd, w.cash.erbilUsd] })).status).toBe(403);
    expect((await t.call(mona, "PATCH", own, { groups: [await groupId("Manager")] })).status).toBe(403);
    expect(await stored("mona")).toEqual(before);
    // Lowering is fine, and her next request already runs with less.
    expect((await t.call(mona, "PATCH", own, { permissions: ["view_user", "add_user", "change_user", "view_sale"] })).status).toBe(200);
    expect(json<string[]>(await t.call(mona, "GET", "/api/user/auth-permissions/"))).not.toContain("add_sale");
  });

  it("refuses managing someone who holds more, and cannot see a superuser", async () => {
    const cashier = await stored("cashier");
    const [{ id: cashierId }] = await queryRows<{ id: number }>(t.db, sql`select id from app_user where username = 'cashier'`);
    expect((await t.call(mona, "PATCH", `/api/user/${cashierId}/`, { first_name: "Taken" })).status).toBe(403);
    expect((await t.call(mona, "POST", `/api/user/${cashierId}/reset-password/`, { password: "mine now 123" })).status).toBe(403);
    expect(await stored("cashier")).toEqual(cashier);

    const adminBefore = await stored("admin");
    expect((await t.call(mona, "POST", "/api/user/1/reset-password/", { password: "mine now 123" })).status).toBe(404);
    expect((await t.call(mona, "PATCH", "/api/user/1/", { is_active: false })).status).toBe(404);
    expect(await stored("admin")).toEqual(adminBefore);
  });

  it("refuses a role with codes she lacks, and editing a role above her", async () => {
    expect(
      (await t.call(mona, "POST", "/api/user/group/", { name: "Mine", permissions: ["view_payroll"], form_token: formToken() })).status,
    ).toBe(403);
    const hr = await groupId("HR");
    expect((await t.call(mona, "PATCH", `/api/user/group/${hr}/`, { permissions: [] })).status).toBe(403);
    expect((await t.call(mona, "DELETE", `/api/user/group/${hr}/`)).status).toBe(403);
    expect(json<{ permissions: string[] }>(await t.call(admin, "GET", `/api/user/group/${hr}/`)).permissions.length).toBeGreaterThan(0);
  });

  it("without add_user or change_user nobody manages users", async () => {
    const cashier = await t.login("cashier");
    expect((await t.call(cashier, "GET", "/api/user/")).status).toBe(403);
    expect((await createUser(cashier, { username: "x8" })).status).toBe(403);
    expect((await t.call(cashier, "POST", "/api/user/group/", { name: "Y", permissions: [], form_token: formToken() })).status).toBe(403);
  });
});

describe("passwords", () => {
  it("asks for 8 characters, not the username", async () => {
    const short = await createUser(admin, { username: "pat", password: "short" });
    expect(short.status).toBe(400);
    expect(json<FieldErrors>(short).password).toEqual(["must contain at least 8 characters"]);
    const same = await createUser(admin, { username: "patricia", password: "Patricia" });
    expect(json<FieldErrors>(same).password).toEqual(["The password must not be the username"]);
    const taken = await createUser(admin, { username: "Admin" });
    expect(json<FieldErrors>(taken).username).toEqual(["A user with that username already exists"]);
  });

  it("a reset sets a new password and revokes every token of the user at once", async () => {
    const created = await createUser(admin, { username: "rosa", branches: [w.erbil], permissions: ["view_sale"] });
    const phone = await t.login("rosa", "long enough 1");
    const tablet = await t.login("rosa", "long enough 1");
    const reset = await t.call(admin, "POST", `/api/user/${created.body.id}/reset-password/`, { password: "brand new pass" });
    expect(reset.status).toBe(200);
    expect((await t.call(phone, "GET", "/api/user/me/")).status).toBe(401);
    expect((await t.call(tablet, "GET", "/api/sale/")).status).toBe(401);
    expect((await t.call(admin, "GET", "/api/user/me/")).status).toBe(200);
    expect((await t.call(null, "POST", "/api/login/", { username: "rosa", password: "long enough 1" })).status).toBe(400);
    expect(await t.login("rosa", "brand new pass")).toBeTruthy();
    const weak = await t.call<FieldErrors>(admin, "POST", `/api/user/${created.body.id}/reset-password/`, { password: "rosa" });
    expect(weak.status).toBe(400);
  });

  it("deactivating signs the user out; nobody deactivates themselves or the last superuser", async () => {
    const created = await createUser(admin, { username: "omar", branches: [w.erbil], permissions: ["view_sale"] });
    const omar = await t.login("omar", "long enough 1");
    expect((await t.call(admin, "PATCH", `/api/user/${created.body.id}/`, { is_active: false })).status).toBe(200);
    expect((await t.call(omar, "GET", "/api/user/me/")).status).toBe(401);
    expect((await t.call(null, "POST", "/api/login/", { username: "omar", password: "long enough 1" })).status).toBe(400);
    const self = await t.call<{ message: string }>(admin, "PATCH", "/api/user/1/", { is_active: false });
    expect(self.body.message).toBe("You cannot deactivate your own account");
    const demote = await t.call<{ message: string }>(admin, "PATCH", "/api/user/1/", { is_superuser: false });
    expect(demote.body.message).toBe("At least one active superuser must remain");
  });
});

describe("sessions (profile)", () => {
  it("lists the user's own devices and signs out everywhere else, keeping this one", async () => {
    const here = await t.login("cashier");
    const there = await t.login("cashier");
    const list = json<{ id: number; current: boolean; device: string; last_seen: string }[]>(
      await t.call(here, "GET", "/api/user/sessions/"),
    );
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect((await t.call(here, "POST", "/api/user/sessions/sign-out-others/")).status).toBe(200);
    expect((await t.call(there, "GET", "/api/user/me/")).status).toBe(401);
    expect((await t.call(here, "GET", "/api/user/me/")).status).toBe(200);
    expect(json<unknown[]>(await t.call(here, "GET", "/api/user/sessions/"))).toHaveLength(1);
  });

  it("a change of one's info (profile) leaves exactly one audit row with old and new values", async () => {
    const created = await createUser(admin, { username: "perwin", first_name: "Perwin", branches: [w.erbil] });
    const own = await t.login("perwin", "long enough 1");
    const before = (await queryRows<{ n: number }>(t.db, sql`select coalesce(max(id), 0)::int as n from audit_log`))[0].n;
    const changed = await t.call(own, "PUT", "/api/user/me/", { first_name: "Perwin", last_name: "Aziz", email: "p@example.com" });
    expect(changed.status).toBe(200);
    const rows = await queryRows<{ action: string; record_type: string; record_id: number; user_id: number; changes: unknown }>(
      t.db,
      sql`select action, record_type, record_id, user_id, changes from audit_log where id > ${before} order by id`,
    );
    expect(rows).toEqual([
      {
        action: "edit",
        record_type: "app_user",
        record_id: created.body.id,
        user_id: created.body.id,
        changes: { last_name: { old: "", new: "Aziz" }, email: { old: "", new: "p@example.com" } },
      },
    ]);
  });

  it("changing one's password keeps this device and signs out the others", async () => {
    await createUser(admin, { username: "lana", branches: [w.erbil] });
    const here = await t.login("lana", "long enough 1");
    const there = await t.login("lana", "long enough 1");
    const changed = await t.call(here, "POST", "/api/user/change-password/", {
      old_password: "long enough 1",
      new_password: "another one 2",
      confirm_password: "another one 2",
    });
    expect(changed.status).toBe(200);
    expect((await t.call(there, "GET", "/api/user/me/")).status).toBe(401);
    expect((await t.call(here, "GET", "/api/user/me/")).status).toBe(200);
  });
});

describe("roles and the permission catalogue", () => {
  it("lists the demo roles and every code with its area and model", async () => {
    const names = pageRows<{ name: string }>(await t.call(admin, "GET", "/api/user/group/")).map((g) => g.name);
    expect(names).toEqual(expect.arrayContaining(["Manager", "HR", "Cashier"]));
    const catalog = json<{ code: string; area: string; model: string; action: string; name: string }[]>(
      await t.call(admin, "GET", "/api/user/permissions/"),
    );
    expect(catalog.map((p) => p.code).sort()).toEqual([...ALL_CODES].sort());
    expect(catalog.find((p) => p.code === "add_sale")).toEqual({
      code: "add_sale",
      area: "sale",
      model: "sale",
      action: "add",
      name: "Add sale",
    });
    expect(catalog.filter((p) => p.area === "other")).toEqual([]);
  });

  it("an edit of a role someone saved meanwhile is a 423 and changes nothing", async () => {
    const made = await t.call<{ id: number; updated_at: string }>(admin, "POST", "/api/user/group/", {
      name: "Stale role",
      permissions: ["view_sale"],
      form_token: formToken("group"),
    });
    expect(made.status).toBe(201);
    const path = `/api/user/group/${made.body.id}/`;
    const loaded = made.body.updated_at;
    expect(loaded).toEqual(expect.any(String));
    const first = await t.call<{ updated_at: string }>(admin, "PUT", path, {
      name: "Stale role",
      permissions: ["view_sale", "add_sale"],
      updated_at: loaded,
    });
    expect(first.status).toBe(200);
    expect(first.body.updated_at).not.toBe(loaded);
    const second = await t.call<{ message: string }>(admin, "PUT", path, { name: "Stale role 2", permissions: [], updated_at: loaded });
    expect(second.status).toBe(423);
    expect(second.body.message).toBe("There was an error, please refresh the page and try again");
    const now = json<{ name: string; permissions: string[] }>(await t.call(admin, "GET", path));
    expect(now).toMatchObject({ name: "Stale role", permissions: ["add_sale", "view_sale"] });
  });

  it("refuses an unknown code or a missing reference as a field error", async () => {
    const res = await createUser(admin, { username: "nadia", branches: [999_999], groups: [999_999], permissions: ["fly"] });
    expect(res.status).toBe(400);
    expect(Object.keys(json<FieldErrors>(res)).sort()).toEqual(["branches", "groups", "permissions"]);
  });
});

describe("the audit trail of user administration", () => {
  const auditRows = (type: string, id: number) =>
    queryRows<{ action: string; user_id: number | null; changes: Record<string, { old: unknown; new: unknown }> }>(
      t.db,
      sql`select action, user_id, changes from audit_log where record_type = ${type} and record_id = ${id} order by id`,
    );

  it("one row per change, with the links' old and new values; a refused change leaves none", async () => {
    const created = await createUser(admin, { username: "audra", first_name: "Audra", branches: [w.erbil], permissions: ["view_sale"] });
    const id = created.body.id;
    let rows = await auditRows("app_user", id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "create", user_id: 1 });
    expect(rows[0].changes.first_name).toEqual({ old: null, new: "Audra" });
    expect(rows[0].changes.permissions).toEqual({ old: null, new: ["view_sale"] });
    expect(JSON.stringify(rows[0].changes)).not.toContain("scrypt");

    const cashierGroup = await groupId("Cashier");
    await t.call(admin, "PATCH", `/api/user/${id}/`, { last_name: "Ali", groups: [cashierGroup], branches: [w.erbil, w.suli] });
    rows = await auditRows("app_user", id);
    expect(rows).toHaveLength(2);
    expect(rows[1].action).toBe("edit");
    expect(rows[1].changes).toEqual({
      last_name: { old: "", new: "Ali" },
      groups: { old: [], new: [cashierGroup] },
      branches: { old: [w.erbil], new: [w.erbil, w.suli] },
    });

    const mona = await t.login("mona", "long enough 1");
    expect((await t.call(mona, "PATCH", `/api/user/${id}/`, { permissions: ["view_purchase"] })).status).not.toBe(200);
    expect((await createUser(mona, { username: "audit-refused", branches: [w.suli] })).status).toBe(403);
    expect(await auditRows("app_user", id)).toHaveLength(2);
  });
});
