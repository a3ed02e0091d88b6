import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../../src/core/api-types";
import { MESSAGES } from "../../../src/core/messages";
import { queryRows } from "../../../src/server/db/client";
import { formToken, startTestApp, type TestApp } from "../support/test-app";

/**
 * Organisation settings: branches and inventories (none deleted while documents name
 * them), each branch's print header with its logo, and the settings form, whose change reaches the
 * devices through the sync.
 */

interface BranchAnswer {
  id: number;
  name: string;
  color: string;
  description: string;
  inventories: { id: number; name: string }[];
}
interface PrintInfoAnswer {
  id: number;
  branch: { id: number };
  name: string;
  description: string;
  logo: string | null;
  phone: string;
  address: string;
}
type PullAnswer = { cursor: string; has_more: boolean; tables: Record<string, { upserts: Record<string, unknown>[]; deletes: number[] }> };

let t: TestApp;
let admin: string;
let cashier: string;
let erbil: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  cashier = await t.login("cashier");
  [{ id: erbil }] = await queryRows<{ id: number }>(t.db, sql`select id from branch where name = 'Erbil Main'`);
});
afterAll(async () => {
  await t?.close();
});

const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

async function upload(content: Buffer, filename: string, type: string) {
  const boundary = "----settings-test";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/media/",
    payload,
    headers: { authorization: `Bearer ${admin}`, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json<{ id: string; url: string }>() };
}

describe("branches and inventories", () => {
  it("adds a branch ready to sell in (print header, general customer), renames it, adds and renames an inventory", async () => {
    const created = await t.call<BranchAnswer>(admin, "POST", "/api/branch/", { name: "Duhok", color: "#aa3300", form_token: formToken() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Duhok", color: "#aa3300", inventories: [] });
    const id = created.body.id;
    const [ready] = await queryRows<{ prints: number; generals: number }>(
      t.db,
      sql`select (select count(*)::int from print_info where branch_id = ${id}) as prints,
                 (select count(*)::int from customer where branch_id = ${id} and is_general) as generals`,
    );
    expect(ready).toEqual({ prints: 1, generals: 1 });

    const renamed = await t.call<BranchAnswer>(admin, "PATCH", `/api/branch/${id}/`, { name: "Duhok Centre" });
    expect(renamed.body).toMatchObject({ name: "Duhok Centre", color: "#aa3300" });
    expect((await t.call(admin, "PATCH", `/api/branch/${id}/`, { color: "red" })).status).toBe(400);

    const inv = await t.call<{ id: number; branch: number }>(admin, "POST", "/api/inventory/", {
      name: "Store",
      branch: id,
      form_token: formToken(),
    });
    expect(inv.status).toBe(201);
    expect((await t.call(admin, "PATCH", `/api/inventory/${inv.body.id}/`, { name: "Back store" })).status).toBe(200);
    const read = await t.call<BranchAnswer>(admin, "GET", `/api/branch/${id}/`);
    expect(read.body.inventories).toEqual([{ id: inv.body.id, name: "Back store" }]);

    // Nothing names them yet: both go.
    expect((await t.call(admin, "DELETE", `/api/inventory/${inv.body.id}/`)).status).toBe(200);
    expect((await t.call(admin, "DELETE", `/api/branch/${id}/`)).status).toBe(200);
    const list = await t.call<Paged<BranchAnswer>>(admin, "GET", "/api/branch/");
    expect(list.body.results.map((b) => b.id)).not.toContain(id);
  });

  it("refuses to delete a branch or an inventory that documents name, and says why", async () => {
    const branch = await t.call<{ message: string }>(admin, "DELETE", `/api/branch/${erbil}/`);
    expect(branch.status).toBe(400);
    expect(branch.body.message).toBe(MESSAGES.branchHasDocuments);
    const [used] = await queryRows<{ id: number }>(t.db, sql`select inventory_id as id from stock where branch_id = ${erbil} limit 1`);
    const inventory = await t.call<{ message: string }>(admin, "DELETE", `/api/inventory/${used.id}/`);
    expect(inventory.status).toBe(400);
    expect(inventory.body.message).toBe(MESSAGES.inventoryInUse);
    expect((await t.call(admin, "GET", `/api/branch/${erbil}/`)).status).toBe(200);
  });

  it("needs the branch permissions, and another branch's inventory is out of reach", async () => {
    expect((await t.call(cashier, "POST", "/api/branch/", { name: "X", color: "#000000", form_token: formToken() })).status).toBe(403);
    expect((await t.call(cashier, "GET", "/api/branch/")).status).toBe(403);
    const [other] = await queryRows<{ id: number }>(t.db, sql`select id from branch where name = 'Sulaymaniyah'`);
    const user = await makeBranchUser(["view_inventory", "add_inventory"], erbil);
    expect((await t.call(user, "POST", "/api/inventory/", { name: "Y", branch: other.id, form_token: formToken() })).status).toBe(400);
    const [suliInventory] = await queryRows<{ id: number }>(t.db, sql`select id from inventory where branch_id = ${other.id} limit 1`);
    expect((await t.call(user, "GET", `/api/inventory/${suliInventory.id}/`)).status).toBe(404);
  });
});

/** A user of one branch holding exactly `codes`. */
async function makeBranchUser(codes: string[], branchId: number): Promise<string> {
  const username = `org-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const [user] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into app_user (username, password_hash) select ${username}, password_hash from app_user where username = 'cashier' returning id`,
  );
  await t.db.execute(sql`insert into user_branch (user_id, branch_id) values (${user.id}, ${branchId})`);
  for (const code of codes) await t.db.execute(sql`insert into user_permission (user_id, code) values (${user.id}, ${code})`);
  return t.login(username, "cashier");
}

describe("print settings", () => {
  it("round-trips a branch's header with its logo, images only", async () => {
    const infos = await t.call<PrintInfoAnswer[]>(admin, "GET", "/api/print/all/");
    const info = infos.body.find((p) => p.branch.id === erbil)!;

    const notImage = await upload(Buffer.from("%PDF-1.4 not an image"), "logo.png", "image/png");
    expect(notImage.status).toBe(400);
    const logo = await upload(png, "logo.png", "image/png");
    expect(logo.status).toBe(201);

    const saved = await t.call<PrintInfoAnswer>(admin, "PUT", `/api/print/${info.id}/`, {
      name: "Erbil Main Store",
      description: "Since 1999",
      phone: "+964 750 999 0000",
      address: "Gulan Street",
      logo: logo.body.id,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: "Erbil Main Store",
      logo: logo.body.url,
      phone: "+964 750 999 0000",
      address: "Gulan Street",
    });

    const again = await t.call<PrintInfoAnswer>(admin, "POST", "/api/print/branch-print/", { branch_id: erbil });
    expect(again.body).toEqual(saved.body);
    const image = await t.app.inject({ method: "GET", url: `/api/print/${info.id}/logo/`, headers: { authorization: `Bearer ${admin}` } });
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.equals(png)).toBe(true);

    // The url the API answered can be sent back as it is; an unknown media id cannot.
    expect((await t.call(admin, "PATCH", `/api/print/${info.id}/`, { ...saved.body, phone: "1" })).status).toBe(200);
    expect((await t.call(admin, "PATCH", `/api/print/${info.id}/`, { logo: 999999 })).status).toBe(400);
    expect((await t.call(admin, "PATCH", `/api/print/${info.id}/`, { name: "" })).status).toBe(400);
    expect((await t.call(cashier, "PATCH", `/api/print/${info.id}/`, { name: "Mine" })).status).toBe(403);
  });
});

describe("settings", () => {
  async function pullSince(cursor: string) {
    const upserts: Record<string, Record<string, unknown>[]> = {};
    for (;;) {
      const qs = new URLSearchParams({ limit: "5000", since: cursor });
      const res = await t.call<PullAnswer>(cashier, "GET", `/api/sync/pull/?${qs}`);
      expect(res.status).toBe(200);
      for (const [name, table] of Object.entries(res.body.tables)) (upserts[name] ??= []).push(...table.upserts);
      cursor = res.body.cursor;
      if (!res.body.has_more) return { cursor, upserts };
    }
  }

  /**
   * A cashier's change cursor at this moment (a full first pull walks 100k items): what a device that
   * had pulled everything written so far would send. A fresh transaction id is above every committed one.
   */
  async function cursorNow(): Promise<string> {
    const [row] = await queryRows<{ x: string; b: string }>(
      t.db,
      sql`select pg_current_xact_id()::text as x,
             (select string_agg(ub.branch_id::text, ',' order by ub.branch_id) from user_branch ub
                join app_user u on u.id = ub.user_id where u.username = 'cashier') as b`,
    );
    return Buffer.from(JSON.stringify({ kind: "changes", x: row.x, v: 0, b: row.b })).toString("base64url");
  }

  it("turns batch tracking off and on, and the change reaches the devices' pull", async () => {
    const cursor = await cursorNow();
    const [base] = await queryRows<{ id: number }>(t.db, sql`select id from currency where is_base`);
    const off = await t.call<{ key: string; value: string }[]>(admin, "PUT", "/api/setting/", {
      batch_number: false,
      base_currency: base.id,
    });
    expect(off.status).toBe(200);
    expect(off.body).toContainEqual(expect.objectContaining({ key: "batch_number", value: "0" }));
    expect((await t.call(cashier, "GET", "/api/setting/")).body).toContainEqual(
      expect.objectContaining({ key: "batch_number", value: "0" }),
    );
    const pulled = await pullSince(cursor);
    expect(pulled.upserts.setting).toEqual([expect.objectContaining({ key: "batch_number", value: "0" })]);

    expect((await t.call(admin, "PUT", "/api/setting/", { batch_number: true, base_currency: base.id })).status).toBe(200);
    expect((await t.call(cashier, "GET", "/api/setting/")).body).toContainEqual(
      expect.objectContaining({ key: "batch_number", value: "1" }),
    );
  });

  it("keeps the base currency once documents exist, and checks the form", async () => {
    const [usd] = await queryRows<{ id: number }>(t.db, sql`select id from currency where code = 'USD'`);
    const res = await t.call<Record<string, string[]>>(admin, "PUT", "/api/setting/", { batch_number: true, base_currency: usd.id });
    expect(res.status).toBe(400);
    expect(res.body.base_currency).toEqual([MESSAGES.baseCurrencyLocked]);
    expect((await t.call(admin, "PUT", "/api/setting/", { batch_number: true, base_currency: 999999 })).status).toBe(400);
    expect((await t.call(admin, "PUT", "/api/setting/", { batch_number: "maybe" })).status).toBe(400);
    expect((await t.call(cashier, "PUT", "/api/setting/", { batch_number: true, base_currency: usd.id })).status).toBe(403);
  });
});
