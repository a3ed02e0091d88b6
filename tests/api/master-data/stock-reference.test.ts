import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import type { Created, FieldErrors } from "../support/json";
import { formToken, startTestApp, type TestApp } from "../support/test-app";
import { countRows, create, demoBranches, exerciseNamedResource, makeUser, type NamedRow } from "./helpers";

let t: TestApp;
let admin: string;
let cashier: string;
let nobody: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  cashier = await t.login("cashier");
  const { erbil } = await demoBranches(t);
  nobody = await makeUser(t, [], [erbil]);
});

afterAll(async () => {
  await t?.close();
});

describe("measurement/", () => {
  it("creates, reads, lists, updates, refuses stale edits and deletes as a tombstone", async () => {
    await exerciseNamedResource(t, admin, "measurement/", "measurement");
  });

  it("refuses to delete a measurement that items use (also as packet measurement)", async () => {
    const all = await t.call<NamedRow[]>(admin, "GET", "/api/measurement/all/?name=Carton");
    const carton = all.body[0];
    const res = await t.call(admin, "DELETE", `/api/measurement/${carton.id}/`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Record is in use and cannot be deleted" });
    expect((await t.call(admin, "GET", `/api/measurement/${carton.id}/`)).status).toBe(200);
  });

  it("is closed to the cashier and to a user without permissions", async () => {
    for (const token of [cashier, nobody]) {
      expect((await t.call(token, "GET", "/api/measurement/")).status).toBe(403);
      expect((await t.call(token, "GET", "/api/measurement/1/")).status).toBe(403);
      expect((await create(t, token, "measurement/", { name: "Nope" })).status).toBe(403);
      expect((await t.call(token, "PATCH", "/api/measurement/1/", { name: "Nope" })).status).toBe(403);
      expect((await t.call(token, "DELETE", "/api/measurement/1/")).status).toBe(403);
    }
    expect((await t.call(null, "GET", "/api/measurement/")).status).toBe(401);
  });

  it("creates once for a replayed form_token", async () => {
    const before = await countRows(t, "measurement");
    const body = { name: "Replayed unit", form_token: formToken("replay") };
    const first = await t.call(admin, "POST", "/api/measurement/", body);
    const second = await t.call(admin, "POST", "/api/measurement/", body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await countRows(t, "measurement")).toBe(before + 1);
    const other = await t.call(admin, "POST", "/api/measurement/", { ...body, name: "Different" });
    expect(other.status).toBe(422);
  });
});

describe("item-subgroup/", () => {
  let groupId: number;
  let otherGroupId: number;

  beforeAll(async () => {
    groupId = (await create<Created>(t, admin, "item-group/", { name: "Subgroup test group" })).body.id;
    otherGroupId = (await create<Created>(t, admin, "item-group/", { name: "Other test group" })).body.id;
  });

  it("runs the full resource life with its group", async () => {
    await exerciseNamedResource(t, admin, "item-subgroup/", "item_subgroup", { item_group: groupId });
  });

  it("answers the group id and name, and filters by group", async () => {
    const created = await create<Created>(t, admin, "item-subgroup/", { name: "Filtered sub", item_group: otherGroupId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Filtered sub", item_group: otherGroupId, item_group_name: "Other test group" });
    const list = await t.call<Paged<NamedRow>>(admin, "GET", `/api/item-subgroup/?item_group=${otherGroupId}`);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({ id: created.body.id, item_group: otherGroupId, item_group_name: "Other test group" });
    const byName = await t.call<Paged<NamedRow>>(
      admin,
      "GET",
      `/api/item-subgroup/?item_group_name__iexact=other test group&ordering=item_group_name`,
    );
    expect(byName.body.count).toBe(1);
  });

  it("needs a live group", async () => {
    const missing = await create(t, admin, "item-subgroup/", { name: "Orphan", item_group: 999999 });
    expect(missing.status).toBe(400);
    expect(missing.body).toHaveProperty("item_group");
    const none = await create<FieldErrors>(t, admin, "item-subgroup/", { name: "Orphan" });
    expect(none.status).toBe(400);
    expect(none.body.item_group).toEqual(["This field is required"]);
    const doomed = (await create<Created>(t, admin, "item-group/", { name: "Doomed group" })).body.id;
    expect((await t.call(admin, "DELETE", `/api/item-group/${doomed}/`)).status).toBe(200);
    const deletedGroup = await create(t, admin, "item-subgroup/", { name: "Orphan", item_group: doomed });
    expect(deletedGroup.status).toBe(400);
    expect(deletedGroup.body).toHaveProperty("item_group");
  });

  it("refuses to delete a subgroup that items use", async () => {
    const list = await t.call<Paged<NamedRow>>(admin, "GET", "/api/item-subgroup/?name=Cheese");
    const cheese = list.body.results[0];
    const res = await t.call(admin, "DELETE", `/api/item-subgroup/${cheese.id}/`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Record is in use and cannot be deleted" });
  });

  it("is open to add_itemsubgroup for quick-create only", async () => {
    const quick = await makeUser(t, ["add_itemsubgroup"], []);
    const res = await create(t, quick, "item-subgroup/", { name: "Quick sub", item_group: groupId });
    expect(res.status).toBe(201);
    expect((await t.call(quick, "GET", "/api/item-subgroup/")).status).toBe(403);
    expect((await t.call(cashier, "GET", "/api/item-subgroup/all/")).status).toBe(403);
    expect((await create(t, nobody, "item-subgroup/", { name: "x", item_group: groupId })).status).toBe(403);
  });
});

describe("city/", () => {
  it("runs the full resource life", async () => {
    await exerciseNamedResource(t, admin, "city/", "city");
  });

  it("refuses to delete a city that customers use", async () => {
    const list = await t.call<Paged<NamedRow>>(admin, "GET", "/api/city/?name=Erbil");
    const res = await t.call(admin, "DELETE", `/api/city/${list.body.results[0].id}/`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Record is in use and cannot be deleted" });
  });

  it("lets add_city create and nothing else", async () => {
    const quick = await makeUser(t, ["add_city"], []);
    expect((await create(t, quick, "city/", { name: "Halabja" })).status).toBe(201);
    expect((await t.call(quick, "DELETE", "/api/city/1/")).status).toBe(403);
    expect((await t.call(cashier, "GET", "/api/city/")).status).toBe(403);
    expect((await t.call(nobody, "GET", "/api/city/all/")).status).toBe(403);
  });
});

describe("item-group/ (permissions)", () => {
  it("is closed to the cashier", async () => {
    expect((await t.call(cashier, "GET", "/api/item-group/")).status).toBe(403);
    expect((await t.call(cashier, "GET", "/api/item-group/1/")).status).toBe(403);
    expect((await create(t, cashier, "item-group/", { name: "Nope" })).status).toBe(403);
    expect((await t.call(cashier, "PUT", "/api/item-group/1/", { name: "Nope" })).status).toBe(403);
    expect((await t.call(cashier, "DELETE", "/api/item-group/1/")).status).toBe(403);
  });
});
