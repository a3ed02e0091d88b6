import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { queryRows } from "../../../src/server/db/client";
import { json, pageRows, type Created, type FieldErrors } from "../support/json";
import { formToken, startTestApp, type TestApp } from "../support/test-app";
import { countRows, create, demoBranches, exerciseNamedResource, expectTombstone, makeUser, syncVersion, type NamedRow } from "./helpers";

interface SupplierRow extends NamedRow {
  branches: NamedRow[];
  phone: string;
}
interface CustomerRow extends NamedRow {
  branch: number;
  is_general: boolean;
}

let t: TestApp;
let admin: string;
let cashier: string;
let nobody: string;
let erbil: number;
let suli: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  cashier = await t.login("cashier");
  ({ erbil, sulaymaniyah: suli } = await demoBranches(t));
  nobody = await makeUser(t, [], [erbil]);
});

afterAll(async () => {
  await t?.close();
});

describe("supplier/", () => {
  it("runs the full resource life", async () => {
    await exerciseNamedResource(t, admin, "supplier/", "supplier", { branches: [erbil] });
  });

  it("stores branches and answers them as {id, name}", async () => {
    const res = await create<SupplierRow>(t, admin, "supplier/", {
      name: "  Two branch supplier  ",
      phone: "0750",
      address: "Erbil",
      branches: [suli, erbil],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Two branch supplier", phone: "0750", address: "Erbil" });
    expect(res.body.branches).toEqual([
      { id: erbil, name: "Erbil Main" },
      { id: suli, name: "Sulaymaniyah" },
    ]);
    const empty = await create<FieldErrors>(t, admin, "supplier/", { name: "No branch", branches: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.branches).toEqual(["Select at least one branch"]);
  });

  it("filters by branch; the cashier sees only suppliers of its branch, with only its branch listed", async () => {
    const suliOnly = await t.call(admin, "GET", `/api/supplier/?branch=${suli}&page_size=100`);
    expect(suliOnly.status).toBe(200);
    const names = pageRows<NamedRow>(suliOnly).map((r) => r.name);
    expect(names).toContain("Slemani Cleaning Supplies");
    expect(names).not.toContain("Kurdistan Dairy Co.");

    const viewer = await makeUser(t, ["view_supplier", "change_supplier", "delete_supplier", "add_supplier"], [erbil]);
    const mine = await t.call(viewer, "GET", "/api/supplier/all/");
    const mineNames = json<SupplierRow[]>(mine).map((r) => r.name);
    expect(mineNames).toContain("Zagros Beverages");
    expect(mineNames).not.toContain("Slemani Cleaning Supplies");
    const zagros = json<SupplierRow[]>(mine).find((r) => r.name === "Zagros Beverages")!;
    expect(zagros.branches).toEqual([{ id: erbil, name: "Erbil Main" }]);
    const readZagros = await t.call<SupplierRow>(viewer, "GET", `/api/supplier/${zagros.id}/`);
    expect(readZagros.body.branches).toEqual([{ id: erbil, name: "Erbil Main" }]);
    // Asking for another branch gives nothing rather than its suppliers.
    expect((await t.call<Paged<SupplierRow>>(viewer, "GET", `/api/supplier/?branch=${suli}`)).body.count).toBe(0);

    // Editing a shared supplier keeps the branch the editor cannot see.
    const edited = await t.call<SupplierRow>(viewer, "PATCH", `/api/supplier/${zagros.id}/`, { ...readZagros.body, phone: "0751" });
    expect(edited.status).toBe(200);
    expect(edited.body.branches).toEqual([{ id: erbil, name: "Erbil Main" }]);
    const adminView = await t.call<SupplierRow>(admin, "GET", `/api/supplier/${zagros.id}/`);
    expect(adminView.body.branches.map((b) => b.id)).toEqual([erbil, suli]);
    expect(adminView.body.phone).toBe("0751");

    // A branch of someone else cannot be given.
    const foreign = await create(t, viewer, "supplier/", { name: "Sneaky", branches: [suli] });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toHaveProperty("branches");

    // Another branch's supplier: 404 on read, update and delete.
    const slemani = (await t.call<Paged<SupplierRow>>(admin, "GET", "/api/supplier/?name=Slemani Cleaning Supplies")).body.results[0];
    expect((await t.call(viewer, "GET", `/api/supplier/${slemani.id}/`)).status).toBe(404);
    expect((await t.call(viewer, "PUT", `/api/supplier/${slemani.id}/`, { name: "x", branches: [erbil] })).status).toBe(404);
    expect((await t.call(viewer, "DELETE", `/api/supplier/${slemani.id}/`)).status).toBe(404);
    expect((await t.call<SupplierRow>(admin, "GET", `/api/supplier/${slemani.id}/`)).body.name).toBe("Slemani Cleaning Supplies");
  });

  it("is closed to the cashier (no supplier codes) and to a user without permissions", async () => {
    for (const token of [cashier, nobody]) {
      expect((await t.call(token, "GET", "/api/supplier/")).status).toBe(403);
      expect((await create(t, token, "supplier/", { name: "x", branches: [erbil] })).status).toBe(403);
    }
    const quick = await makeUser(t, ["add_supplier"], [erbil]);
    const res = await create(t, quick, "supplier/", { name: "Quick supplier", branches: [erbil] });
    expect(res.status).toBe(201);
  });

  it("creates once for a replayed form_token", async () => {
    const before = await countRows(t, "supplier");
    const body = { name: "Replay supplier", branches: [erbil], form_token: formToken("sup") };
    expect((await t.call(admin, "POST", "/api/supplier/", body)).status).toBe(201);
    expect((await t.call(admin, "POST", "/api/supplier/", body)).status).toBe(201);
    expect(await countRows(t, "supplier")).toBe(before + 1);
  });
});

describe("customer/", () => {
  it("runs the full resource life", async () => {
    await exerciseNamedResource(t, admin, "customer/", "customer", { branch: erbil });
  });

  it("answers branch and city with names, and takes the first of quick-create's branches", async () => {
    const cityId = (await create<Created>(t, admin, "city/", { name: "Zakho" })).body.id;
    const res = await create(t, admin, "customer/", { name: "Quick customer", branches: [suli], city: cityId, phone: "0770" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Quick customer",
      phone: "0770",
      branch: suli,
      branch_id: suli,
      branch_name: "Sulaymaniyah",
      city: cityId,
      city_name: "Zakho",
      is_general: false,
    });
    const noBranch = await create<FieldErrors>(t, admin, "customer/", { name: "Nowhere" });
    expect(noBranch.status).toBe(400);
    expect(noBranch.body.branch).toEqual(["This field is required"]);
    const badCity = await create(t, admin, "customer/", { name: "Bad city", branch: erbil, city: 999999 });
    expect(badCity.status).toBe(400);
    expect(badCity.body).toHaveProperty("city");
  });

  it("lets the cashier list and create customers of its branch only", async () => {
    const list = await t.call(cashier, "GET", "/api/customer/?ordering=name&page_size=100");
    expect(list.status).toBe(200);
    expect(pageRows<CustomerRow>(list).every((r) => r.branch === erbil)).toBe(true);
    expect(pageRows<CustomerRow>(list).map((r) => r.name)).toContain("Aram Market");
    expect(pageRows<CustomerRow>(list).map((r) => r.name)).not.toContain("Rebin Store");
    expect((await t.call<Paged<CustomerRow>>(cashier, "GET", `/api/customer/?branch=${suli}`)).body.count).toBe(0);
    expect((await t.call(cashier, "GET", "/api/customer/all/")).status).toBe(200);

    const made = await create<CustomerRow>(t, cashier, "customer/", { name: "Cashier customer", branches: [erbil] });
    expect(made.status).toBe(201);
    expect(made.body.branch).toBe(erbil);
    const foreign = await create(t, cashier, "customer/", { name: "Foreign", branch: suli });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toHaveProperty("branch");
    // No change or delete code.
    expect((await t.call(cashier, "PATCH", `/api/customer/${made.body.id}/`, { name: "x" })).status).toBe(403);
    expect((await t.call(cashier, "DELETE", `/api/customer/${made.body.id}/`)).status).toBe(403);
  });

  it("hides another branch's customer: 404 on read, update and delete", async () => {
    const rebin = (await t.call<Paged<CustomerRow>>(admin, "GET", "/api/customer/?name=Rebin Store")).body.results[0];
    expect(rebin.branch).toBe(suli);
    expect((await t.call(cashier, "GET", `/api/customer/${rebin.id}/`)).status).toBe(404);
    const editor = await makeUser(t, ["view_customer", "change_customer", "delete_customer"], [erbil]);
    expect((await t.call(editor, "GET", `/api/customer/${rebin.id}/`)).status).toBe(404);
    expect((await t.call(editor, "PUT", `/api/customer/${rebin.id}/`, { name: "x", branch: erbil })).status).toBe(404);
    expect((await t.call(editor, "PATCH", `/api/customer/${rebin.id}/`, { name: "x" })).status).toBe(404);
    expect((await t.call(editor, "DELETE", `/api/customer/${rebin.id}/`)).status).toBe(404);
    expect((await t.call<CustomerRow>(admin, "GET", `/api/customer/${rebin.id}/`)).body.name).toBe("Rebin Store");
    // Nor can an own customer be moved to a branch the editor does not have.
    const aram = (await t.call<Paged<CustomerRow>>(editor, "GET", "/api/customer/?name=Aram Market")).body.results[0];
    const moved = await t.call(editor, "PATCH", `/api/customer/${aram.id}/`, { branch: suli });
    expect(moved.status).toBe(400);
  });

  it("never deletes the general customer; one general customer per branch", async () => {
    const general = (await t.call<Paged<CustomerRow>>(admin, "GET", `/api/customer/?is_general=true&branch=${erbil}`)).body.results;
    expect(general).toHaveLength(1);
    const res = await t.call(admin, "DELETE", `/api/customer/${general[0].id}/`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The general customer cannot be deleted" });

    const replacement = await create<CustomerRow>(t, admin, "customer/", { name: "New walk-in", branch: erbil, is_general: true });
    expect(replacement.body.is_general).toBe(true);
    const now = pageRows<CustomerRow>(await t.call(admin, "GET", `/api/customer/?is_general=true&branch=${erbil}`));
    expect(now.map((r) => r.id)).toEqual([replacement.body.id]);
    // The other branch keeps its own.
    expect((await t.call<Paged<CustomerRow>>(admin, "GET", `/api/customer/?is_general=true&branch=${suli}`)).body.count).toBe(1);
  });

  it("keeps an optional credit limit (>= 0, base currency): create, edit, clear, filter and sort", async () => {
    const made = await create<CustomerRow & { credit_limit: string | null }>(t, admin, "customer/", {
      name: "Limited customer",
      branch: erbil,
      credit_limit: "1500000",
    });
    expect(made.status).toBe(201);
    expect(made.body.credit_limit).toBe("1500000.00");
    const none = await create<CustomerRow & { credit_limit: string | null }>(t, admin, "customer/", { name: "Unlimited", branch: erbil });
    expect(none.body.credit_limit).toBeNull();

    const edited = await t.call<{ credit_limit: string | null }>(admin, "PATCH", `/api/customer/${made.body.id}/`, {
      credit_limit: 2000000.5,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.credit_limit).toBe("2000000.50");
    // A PATCH of another field keeps the limit; a PUT without it clears it.
    expect(
      (await t.call<{ credit_limit: string }>(admin, "PATCH", `/api/customer/${made.body.id}/`, { phone: "0750" })).body.credit_limit,
    ).toBe("2000000.50");

    const before = await t.call<{ credit_limit: string }>(admin, "GET", `/api/customer/${made.body.id}/`);
    for (const bad of ["-1", "abc", "1.234", "10000000000000000"]) {
      const res = await t.call<FieldErrors>(admin, "PATCH", `/api/customer/${made.body.id}/`, { credit_limit: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body).toHaveProperty("credit_limit");
    }
    const negative = await create<FieldErrors>(t, admin, "customer/", { name: "Negative", branch: erbil, credit_limit: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.credit_limit).toEqual(["greater than or equal to 0"]);
    expect((await t.call<{ credit_limit: string }>(admin, "GET", `/api/customer/${made.body.id}/`)).body.credit_limit).toBe(
      before.body.credit_limit,
    );

    const over = pageRows<CustomerRow>(await t.call(admin, "GET", "/api/customer/?credit_limit__gte=1000000&page_size=100"));
    expect(over.map((r) => r.id)).toEqual([made.body.id]);
    const sorted = pageRows<CustomerRow & { credit_limit: string | null }>(
      await t.call(admin, "GET", `/api/customer/?ordering=-credit_limit&branch=${erbil}&page_size=100`),
    );
    expect(sorted[0].id).toBe(made.body.id);
    expect((await t.call(admin, "GET", "/api/customer/?credit_limit__gte=x")).status).toBe(400);

    const cleared = await t.call<{ credit_limit: string | null }>(admin, "PUT", `/api/customer/${made.body.id}/`, {
      name: "Limited customer",
      branch: erbil,
      credit_limit: "",
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.credit_limit).toBeNull();
  });

  it("is closed to a user without permissions", async () => {
    expect((await t.call(nobody, "GET", "/api/customer/")).status).toBe(403);
    expect((await create(t, nobody, "customer/", { name: "x", branch: erbil })).status).toBe(403);
  });
});

describe("partner/", () => {
  it("runs the full resource life", async () => {
    await exerciseNamedResource(t, admin, "partner/", "partner", { is_customer: true });
  });

  it("needs a role, keeps is_general read-only and filters by role", async () => {
    const none = await create(t, admin, "partner/", { name: "No role" });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ is_customer: ["Choose customer, supplier or both"] });

    const res = await create(t, admin, "partner/", {
      name: "Supplier partner",
      phone: "0750",
      address: "Duhok",
      is_supplier: true,
      is_general: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Supplier partner",
      phone: "0750",
      address: "Duhok",
      is_supplier: true,
      is_customer: false,
      is_general: false,
    });

    const suppliers = await t.call(admin, "GET", "/api/partner/?is_supplier=true&is_customer=false&ordering=name");
    expect(pageRows<NamedRow>(suppliers).map((r) => r.name)).toEqual(["Nawroz Foods", "Supplier partner"]);
  });

  it("never deletes the general partner", async () => {
    const general = await t.call<Created>(admin, "GET", "/api/partner/general-partner/");
    const res = await t.call(admin, "DELETE", `/api/partner/${general.body.id}/`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The general partner cannot be deleted" });
    const patched = await t.call<{ is_general: boolean }>(admin, "PATCH", `/api/partner/${general.body.id}/`, {
      is_general: false,
      name: "General partner",
    });
    expect(patched.body.is_general).toBe(true);
  });

  it("accepts branchIds on partner/all/ and ignores it", async () => {
    const plain = await t.call(admin, "GET", "/api/partner/all/");
    const withBranches = await t.call(admin, "GET", `/api/partner/all/?branchIds=${erbil},${suli}`);
    expect(withBranches.status).toBe(200);
    expect(withBranches.body).toEqual(plain.body);
    expect((await t.call(admin, "GET", "/api/partner/all/?branch_ids=1")).status).toBe(400);
  });

  it("is closed to the cashier and to a user without permissions", async () => {
    for (const token of [cashier, nobody]) {
      expect((await t.call(token, "GET", "/api/partner/")).status).toBe(403);
      expect((await t.call(token, "GET", "/api/partner/all/")).status).toBe(403);
      expect((await create(t, token, "partner/", { name: "x", is_customer: true })).status).toBe(403);
    }
  });

  it("deletes as a tombstone", async () => {
    const made = await create<Created>(t, admin, "partner/", { name: "Short lived", is_customer: true });
    const before = await syncVersion(t, "partner", made.body.id);
    expect((await t.call(admin, "DELETE", `/api/partner/${made.body.id}/`)).body).toEqual({ message: "Deleted successfully" });
    await expectTombstone(t, "partner", made.body.id, before);
    const [row] = await queryRows<{ name: string }>(t.db, sql`select name from partner where id = ${made.body.id}`);
    expect(row.name).toBe("Short lived");
  });
});
