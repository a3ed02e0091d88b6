import { describe, expect, it } from "vitest";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";

/**
 * A list filter's options (the per-column filter of type list with its listEndpoint) as SPEC section 7
 * calls for them: `POST <list endpoint> {keyword}`, the rows of `GET <list endpoint>` searched by the
 * keyword, with the same permission.
 */

interface Named {
  id: number;
  name?: string;
  username?: string;
}

let t: TestApp;
let admin: string;
withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
});

const options = (token: string, path: string, body: unknown) => t.call<Named[]>(token, "POST", `/api/${path}`, body);

describe("POST <list endpoint>all/ {keyword}", () => {
  it("answers the endpoint's rows searched by the keyword, and all of them without one", async () => {
    const stamp = Date.now();
    for (const name of [`Kwcity ${stamp} north`, `Kwcity ${stamp} south`, `Other ${stamp}`]) {
      const res = await t.call(admin, "POST", "/api/city/", { name, form_token: formToken("city") });
      expect(res.status).toBe(201);
    }
    const found = await options(admin, "city/all/", { keyword: `kwcity ${stamp}` });
    expect(found.status).toBe(200);
    expect(found.body.map((c) => c.name).sort()).toEqual([`Kwcity ${stamp} north`, `Kwcity ${stamp} south`]);
    const every = await options(admin, "city/all/", {});
    const viaGet = await t.call<Named[]>(admin, "GET", "/api/city/all/");
    expect(every.body.map((c) => c.id)).toEqual(viaGet.body.map((c) => c.id));
    expect((await options(admin, "city/all/", { keyword: "  " })).body).toHaveLength(viaGet.body.length);
  });

  it("serves the endpoints the list filters name: item groups and users", async () => {
    const groups = await options(admin, "item-group/all/", { keyword: "zzz-no-such-group" });
    expect(groups).toEqual({ status: 200, body: [] });
    const users = await options(admin, "user/all/", { keyword: "cashier" });
    expect(users.status).toBe(200);
    expect(users.body.map((u) => u.username)).toContain("cashier");
    expect(users.body.every((u) => (u.username ?? "").includes("cashier"))).toBe(true);
  });

  it("needs the GET's permission and refuses a bad keyword with a 400", async () => {
    const nobody = await makeUser(t, [], []);
    expect((await options(nobody, "user/all/", { keyword: "a" })).status).toBe(403);
    expect((await options(nobody, "item-group/all/", {})).status).toBe(403);
    const long = await options(admin, "city/all/", { keyword: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ keyword: [expect.any(String)] });
    expect((await options(admin, "city/all/", { keyword: { $ne: 1 } })).status).toBe(400);
  });
});
