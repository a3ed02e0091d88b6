import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import type { Created } from "../support/json";
import { formToken, startTestApp, type TestApp } from "../support/test-app";

/** An item group as the list, read and update answer it. */
interface GroupRow {
  id: number;
  name: string;
  updated_at: string;
}

let t: TestApp;
let admin: string;
const names = ["Alpha tools", "alpha parts", "Beta_50%", "Gamma", "Delta tools"];
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  for (const name of names) {
    const res = await t.call<Created>(admin, "POST", "/api/item-group/", { name, form_token: formToken() });
    ids[name] = res.body.id;
  }
});
afterAll(() => t.close());

const list = async (query: string) => t.call<Paged<GroupRow>>(admin, "GET", `/api/item-group/?${query}`);
const namesOf = (body: { results: { name: string }[] }) => body.results.map((r) => r.name);

describe("the list engine", () => {
  it("pages with count, next and previous, newest first by default", async () => {
    const first = await list("page_size=2");
    expect(first.status).toBe(200);
    expect(first.body.count).toBeGreaterThanOrEqual(11);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toContain("page=2");
    expect(namesOf(first.body)).toEqual(["Delta tools", "Gamma"]);
    const second = await t.call<Paged<GroupRow>>(admin, "GET", first.body.next!);
    expect(second.body.previous).toContain("page=1");
    expect(namesOf(second.body)).toEqual(["Beta_50%", "alpha parts"]);
  });

  it("text operators: starts-with, ends-with, contains, exact, not, all case-insensitive", async () => {
    expect(namesOf((await list("name__istartswith=ALPHA&ordering=name")).body)).toEqual(["alpha parts", "Alpha tools"]);
    expect(namesOf((await list("name__iendswith=TOOLS&ordering=name")).body)).toEqual(["Alpha tools", "Delta tools"]);
    expect(namesOf((await list("name__icontains=ph&ordering=name")).body)).toEqual(["alpha parts", "Alpha tools"]);
    expect(namesOf((await list("name__iexact=gamma")).body)).toEqual(["Gamma"]);
    const not = namesOf((await list("name__not=Gamma&page_size=200")).body);
    expect(not).not.toContain("Gamma");
    expect(not).toContain("Delta tools");
  });

  it("LIKE wildcards in a value are literal", async () => {
    expect(namesOf((await list("name__icontains=_50%25")).body)).toEqual(["Beta_50%"]);
    expect((await list("name__icontains=%25%25%25")).body.count).toBe(0);
  });

  it("number operators and comma lists", async () => {
    const a = ids["Alpha tools"];
    const d = ids["Delta tools"];
    expect(namesOf((await list(`id=${a},${d}&ordering=id`)).body)).toEqual(["Alpha tools", "Delta tools"]);
    expect(namesOf((await list(`id__gte=${ids.Gamma}&ordering=id`)).body)).toEqual(["Gamma", "Delta tools"]);
    expect(namesOf((await list(`id__gt=${ids.Gamma}`)).body)).toEqual(["Delta tools"]);
    expect(namesOf((await list(`id__lt=${ids["alpha parts"]}&id__gte=${a}`)).body)).toEqual(["Alpha tools"]);
    expect(namesOf((await list(`id__lte=${a}&id__gte=${a}`)).body)).toEqual(["Alpha tools"]);
    expect((await list(`id__not=${a}&id__gte=${a}`)).body.count).toBe(4);
  });

  it("search looks in the declared columns", async () => {
    expect(namesOf((await list("search=tools&ordering=-name")).body)).toEqual(["Delta tools", "Alpha tools"]);
  });

  it("ordering ascending, descending and unknown", async () => {
    const asc = namesOf((await list(`id__gte=${ids["Alpha tools"]}&ordering=name`)).body);
    expect(asc).toEqual(["alpha parts", "Alpha tools", "Beta_50%", "Delta tools", "Gamma"]);
    const desc = namesOf((await list(`id__gte=${ids["Alpha tools"]}&ordering=-id`)).body);
    expect(desc).toEqual([...names].reverse());
    const bad = await list("ordering=password_hash");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ ordering: ["Unknown ordering: password_hash"] });
  });

  it("an unknown filter, bad number or bad page size is a 400, never SQL", async () => {
    expect((await list("created_by=1")).body).toEqual({ created_by: ["Unknown filter: created_by"] });
    expect((await list("id=1;drop table item_group")).status).toBe(400);
    expect((await list("name__regex=.*")).status).toBe(400);
    expect((await list("page_size=500")).status).toBe(400);
    expect((await list("page=0")).status).toBe(400);
    expect((await list("currency=1")).status).toBe(400);
    expect((await list("branch=1")).status).toBe(400);
  });

  it("values PostgreSQL cannot take are a 400 naming the parameter, on any list", async () => {
    const bad = async (url: string) => (await t.call<Record<string, string[]>>(admin, "GET", url)).body;
    expect(await bad("/api/item/?search=%00")).toEqual({ search: ["must not contain NUL characters"] });
    expect(await bad("/api/item-group/?name__icontains=a%00b")).toEqual({ name__icontains: ["must not contain NUL characters"] });
    expect(await bad("/api/item/?page=99999999999999999999")).toEqual({ page: ["Invalid page."] });
    expect(await bad("/api/sale/?customer=99999999999999999999")).toEqual({ customer: ["less than or equal to 2147483647"] });
    expect(await bad("/api/sale/?id__gt=1.5")).toEqual({ id__gt: ["must be an integer"] });
    expect(await bad("/api/sale/?net_price__gte=1e400")).toEqual({ net_price__gte: ["must be a number"] });
    expect(await bad("/api/sale/?input_date_after=2020-13-45")).toEqual({ input_date_after: ["must be a valid date"] });
    expect(await bad("/api/sale/?input_date_before=2023-02-29")).toEqual({ input_date_before: ["must be a valid date"] });
    expect(await bad("/api/sale/?branch=99999999999999999999")).toEqual({ branch: ["must be a number"] });
    expect(await bad(`/api/item/?search=${"x".repeat(1001)}`)).toEqual({ search: ["at most 1000 characters"] });
    // The same values within range are filters like any other.
    expect((await t.call(admin, "GET", "/api/sale/?customer=2147483647&input_date_after=2024-02-29&net_price__gte=1")).status).toBe(200);
  });

  it("date range on a declared date field", async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`created_at__gte=${today}&name__istartswith=alpha`)).body.count).toBe(2);
    expect((await list(`created_at__lt=2000-01-01`)).body.count).toBe(0);
    expect((await list(`created_at__gte=not-a-date`)).status).toBe(400);
  });

  it("all/ answers a plain array with the same filters", async () => {
    const res = await t.call<GroupRow[]>(admin, "GET", "/api/item-group/all/?name__istartswith=alpha&ordering=name");
    expect(res.body.map((r) => r.name)).toEqual(["alpha parts", "Alpha tools"]);
  });

  it("delete answers the message of SPEC and hides the row", async () => {
    const res = await t.call(admin, "DELETE", `/api/item-group/${ids.Gamma}/`);
    expect(res).toEqual({ status: 200, body: { message: "Deleted successfully" } });
    expect((await t.call(admin, "GET", `/api/item-group/${ids.Gamma}/`)).status).toBe(404);
    expect((await list("name__iexact=gamma")).body.count).toBe(0);
  });

  it("an update of a stale version is a 423", async () => {
    const current = (await t.call<GroupRow>(admin, "GET", `/api/item-group/${ids["Delta tools"]}/`)).body;
    const ok = await t.call(admin, "PUT", `/api/item-group/${current.id}/`, { name: "Delta tools 2", updated_at: current.updated_at });
    expect(ok.status).toBe(200);
    const stale = await t.call(admin, "PUT", `/api/item-group/${current.id}/`, { name: "Delta tools 3", updated_at: current.updated_at });
    expect(stale.status).toBe(423);
    expect((await t.call<GroupRow>(admin, "GET", `/api/item-group/${current.id}/`)).body.name).toBe("Delta tools 2");
  });
});
