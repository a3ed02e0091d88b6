import { describe, expect, it } from "vitest";
import type { AuthUser } from "../../../src/core/api-types";
import { json, type FieldErrors } from "../support/json";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { saleWorld, type SaleWorld } from "../sale/helpers";

let t: TestApp;
let w: SaleWorld;
let admin: string;
withTestApp(async (app) => {
  t = app;
  w = await saleWorld(t);
  admin = await t.login("admin");
});

interface UserRow {
  id: number;
  default_branch: number | null;
  default_inventory: number | null;
  branches: number[];
  updated_at: string;
}

const MESSAGE = "The default inventory must be in one of the user's branches";

const createUser = (username: string, body: Record<string, unknown>) =>
  t.call<UserRow>(admin, "POST", "/api/user/", {
    username,
    password: "long enough 1",
    permissions: ["view_sale"],
    ...body,
    form_token: formToken(`user-${username}`),
  });

describe("a user's default inventory", () => {
  it("is saved, read back and sent to the device at sign-in, and cleared again", async () => {
    const created = await createUser("shopkeeper", { branches: [w.erbil], default_branch: w.erbil, default_inventory: w.inv.erbil2 });
    expect(created.status).toBe(201);
    const user = json<UserRow>(created);
    expect(user.default_inventory).toBe(w.inv.erbil2);
    expect(json<UserRow>(await t.call(admin, "GET", `/api/user/${user.id}/`)).default_inventory).toBe(w.inv.erbil2);

    const token = await t.login("shopkeeper", "long enough 1");
    const me = json<AuthUser>(await t.call(token, "GET", "/api/user/me/"));
    expect(me.default_inventory_id).toBe(w.inv.erbil2);
    expect(me.branches.find((b) => b.id === w.erbil)?.inventories.map((i) => i.id)).toContain(w.inv.erbil2);

    const cleared = await t.call<UserRow>(admin, "PATCH", `/api/user/${user.id}/`, {
      default_inventory: null,
      updated_at: user.updated_at,
    });
    expect(cleared.status).toBe(200);
    expect(json<UserRow>(cleared).default_inventory).toBeNull();
    expect(json<AuthUser>(await t.call(token, "GET", "/api/user/me/")).default_inventory_id).toBeNull();
  });

  it("outside the user's branches is a 400 with a clear message, and nothing is written", async () => {
    const refused = await createUser("wrongstock", { branches: [w.erbil], default_inventory: w.inv.suli });
    expect(refused.status).toBe(400);
    expect(json<FieldErrors>(refused).default_inventory).toEqual([MESSAGE]);
    expect((await createUser("nobranch", { branches: [], default_inventory: w.inv.erbil })).status).toBe(400);

    const created = json<UserRow>(await createUser("mover", { branches: [w.erbil, w.suli], default_inventory: w.inv.suli }));
    expect(created.default_inventory).toBe(w.inv.suli);
    // Taking the branch away while its inventory stays the default is refused too.
    const edit = await t.call(admin, "PATCH", `/api/user/${created.id}/`, { branches: [w.erbil], updated_at: created.updated_at });
    expect(edit.status).toBe(400);
    expect(json<FieldErrors>(edit).default_inventory).toEqual([MESSAGE]);
    expect(json<UserRow>(await t.call(admin, "GET", `/api/user/${created.id}/`)).branches).toEqual([w.erbil, w.suli].sort((a, b) => a - b));
  });

  it("that does not exist, or is not an id, is a 400, never a 5xx", async () => {
    for (const value of [999_999, -1, "x", 1.5, 99_999_999_999]) {
      const answer = await createUser(`bad${String(value).replace(/\W/g, "")}`, { branches: [w.erbil], default_inventory: value });
      expect(answer.status).toBe(400);
      expect(json<FieldErrors>(answer).default_inventory?.length).toBeGreaterThan(0);
    }
  });

  it("may be any live inventory for a superuser, who has every branch", async () => {
    const created = await createUser("boss", { is_superuser: true, branches: [], default_inventory: w.inv.suli });
    expect(created.status).toBe(201);
    expect(json<UserRow>(created).default_inventory).toBe(w.inv.suli);
  });
});
