import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { appUser, userBranch, userPermission } from "../../../src/server/db/tables";
import { hashPassword } from "../../../src/server/http/passwords";
import type { AuthUser } from "../../../src/core/api-types";
import { json, type Created } from "../support/json";
import { formToken, startTestApp, type TestApp } from "../support/test-app";

/**
 * The device pull sends only what the user may read (DESIGN section 7): the tables whose routes the
 * user may call, cost columns only with a cost code, and a change of rights takes effect at the next
 * pull (tables lost are named in `drop`, tables gained are walked from the start).
 */

let t: TestApp;
let admin: string;
let branchId: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login("admin");
  branchId = json<AuthUser>(await t.call(await t.login("cashier"), "GET", "/api/user/me/")).branches[0].id;
});
afterAll(() => t.close());

type Row = { id: number; [k: string]: unknown };
type Answer = {
  cursor: string;
  has_more: boolean;
  reset: boolean;
  snapshot: boolean;
  drop: string[];
  tables: Record<string, { upserts: Row[]; deletes: number[] }>;
};

async function pullAll(token: string, since?: string, limit = 1000) {
  const pages: Answer[] = [];
  let cursor = since;
  for (;;) {
    const qs = new URLSearchParams({ limit: String(limit), ...(cursor ? { since: cursor } : {}) });
    const res = await t.call<Answer>(token, "GET", `/api/sync/pull/?${qs}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.cursor;
    if (!res.body.has_more) break;
  }
  return { pages, cursor: cursor };
}

const rowsOf = (pages: Answer[], table: string) => pages.flatMap((p) => p.tables[table]?.upserts ?? []);
const deletesOf = (pages: Answer[], table: string) => pages.flatMap((p) => p.tables[table]?.deletes ?? []);
const FORBIDDEN_TO_HR = ["customer", "supplier", "cashbox", "item", "stock"];

let counter = 0;
/** A user of the cashier's branch with exactly these codes: its id and token. */
async function makeUser(codes: string[]): Promise<{ id: number; token: string }> {
  counter += 1;
  const username = `pull_rights_${Date.now()}_${counter}`;
  const [user] = await t.db
    .insert(appUser)
    .values({ username, passwordHash: await hashPassword(username) })
    .returning({ id: appUser.id });
  await t.db.insert(userBranch).values({ userId: user.id, branchId });
  await grant(user.id, codes);
  return { id: user.id, token: await t.login(username) };
}

async function grant(userId: number, codes: string[]) {
  if (codes.length) await t.db.insert(userPermission).values(codes.map((code) => ({ userId, code })));
}

async function revoke(userId: number, codes: string[]) {
  for (const code of codes) await t.db.execute(sql`delete from user_permission where user_id = ${userId} and code = ${code}`);
}

/** Some change to every table the HR user must not see, made by the admin (for the pulls of changes). */
async function touchForbiddenTables() {
  const { pages } = await pullAll(admin);
  const customers = rowsOf(pages, "customer").filter((c) => c.branch_id === branchId);
  await t.call(admin, "PATCH", `/api/customer/${customers[0].id}/`, { name: `${String(customers[0].name)} again` });
  const items = json<{ id: number; name: string }[]>(await t.call(admin, "GET", "/api/item/all/"));
  await t.call(admin, "PATCH", `/api/item/${items[0].id}/`, { name: `${items[0].name} again` });
  const cashbox = await t.call<Created>(admin, "POST", "/api/accounting/cashbox/", {
    name: `Box ${Date.now()}`,
    branch: branchId,
    currency: rowsOf(pages, "currency")[0].id,
    form_token: formToken(),
  });
  expect(cashbox.status).toBe(201);
  return { customer: customers[0].id, item: items[0].id, cashbox: cashbox.body.id };
}

describe("the device pull reads no further than the user's rights", () => {
  it("the HR user's first load and later pulls hold no customer, supplier, cashbox, item or stock, nor any cost", async () => {
    const hr = await t.login("hr", "hr");
    for (const table of FORBIDDEN_TO_HR) {
      const list = table === "cashbox" ? "accounting/cashbox" : table;
      expect((await t.call(hr, "GET", `/api/${list}/`)).status, `${table} list`).toBe(403);
    }
    const first = await pullAll(hr, undefined, 200);
    for (const table of FORBIDDEN_TO_HR) expect(rowsOf(first.pages, table), table).toEqual([]);
    expect(JSON.stringify(first.pages)).not.toContain("purchase_price");
    // What every screen needs still comes.
    expect(rowsOf(first.pages, "currency").length).toBeGreaterThan(0);

    const adminCursor = (await pullAll(admin)).cursor;
    const touched = await touchForbiddenTables();
    const later = await pullAll(hr, first.cursor);
    expect(later.pages[0].snapshot).toBe(false);
    for (const table of FORBIDDEN_TO_HR) {
      expect(rowsOf(later.pages, table), table).toEqual([]);
      expect(deletesOf(later.pages, table), table).toEqual([]);
    }
    expect(JSON.stringify(later.pages)).not.toContain("purchase_price");
    // The same changes reach the admin's device.
    const adminLater = await pullAll(admin, adminCursor);
    expect(rowsOf(adminLater.pages, "customer").map((c) => c.id)).toContain(touched.customer);
    expect(rowsOf(adminLater.pages, "item").map((c) => c.id)).toContain(touched.item);
    expect(rowsOf(adminLater.pages, "cashbox").map((c) => c.id)).toContain(touched.cashbox);
  });

  it("a seller gets items and stock without their cost; a user who may see stock or purchases gets the cost", async () => {
    const seller = await makeUser(["view_sale", "add_sale", "view_customer", "add_customer"]);
    const { pages } = await pullAll(seller.token);
    const items = rowsOf(pages, "item");
    const stock = rowsOf(pages, "stock");
    expect(items.length).toBeGreaterThan(0);
    expect(stock.length).toBeGreaterThan(0);
    expect(items.every((i) => !("purchase_price" in i) && !("profit_percentage" in i) && "sale_price" in i)).toBe(true);
    expect(stock.every((s) => !("purchase_price" in s) && "sale_price" in s && "quantity" in s)).toBe(true);
    expect(rowsOf(pages, "customer").length).toBeGreaterThan(0);
    expect(rowsOf(pages, "cashbox")).toEqual([]);
    expect(rowsOf(pages, "supplier")).toEqual([]);

    // The demo cashier holds view_stock: the stock list shows it purchase prices, so the pull does too.
    const cashier = await t.login("cashier");
    const cashierStock = rowsOf((await pullAll(cashier)).pages, "stock");
    expect(cashierStock.length).toBeGreaterThan(0);
    expect(cashierStock.every((s) => s.purchase_price !== undefined)).toBe(true);
    const buyer = await makeUser(["add_sale", "view_purchase"]);
    const buyerItems = rowsOf((await pullAll(buyer.token)).pages, "item");
    expect(buyerItems.length).toBeGreaterThan(0);
    expect(buyerItems.every((i) => i.purchase_price !== undefined)).toBe(true);
  });

  it("rights taken away: the next pull tells the device to empty those tables and sends none of their changes", async () => {
    const user = await makeUser(["add_sale", "view_customer", "view_cashbox", "view_supplier"]);
    const first = await pullAll(user.token);
    expect(rowsOf(first.pages, "customer").length).toBeGreaterThan(0);
    expect(rowsOf(first.pages, "cashbox").length).toBeGreaterThan(0);
    expect(first.pages.every((p) => p.drop.length === 0)).toBe(true);

    await revoke(user.id, ["view_customer", "view_cashbox"]);
    await touchForbiddenTables();
    const next = await pullAll(user.token, first.cursor);
    expect(next.pages[0].drop.sort()).toEqual(["cashbox", "customer"]);
    expect(next.pages[0].reset).toBe(false);
    expect(next.pages[0].snapshot).toBe(false);
    expect(rowsOf(next.pages, "customer")).toEqual([]);
    expect(rowsOf(next.pages, "cashbox")).toEqual([]);
    // Said once: the cursor now holds the smaller set.
    const after = await pullAll(user.token, next.cursor);
    expect(after.pages.every((p) => p.drop.length === 0)).toBe(true);
    // The page can be asked for again (a device that failed to store it): it still says to drop them.
    const again = await pullAll(user.token, first.cursor);
    expect(again.pages[0].drop.sort()).toEqual(["cashbox", "customer"]);
  });

  it("a right gained: that table is pulled from the start, the others go on from where the device was", async () => {
    const user = await makeUser(["add_sale"]);
    const first = await pullAll(user.token);
    expect(rowsOf(first.pages, "customer")).toEqual([]);
    const itemsBefore = rowsOf(first.pages, "item").length;
    expect(itemsBefore).toBeGreaterThan(0);

    await grant(user.id, ["view_customer"]);
    const group = await t.call<Created>(admin, "POST", "/api/item-group/", { name: `Group ${Date.now()}`, form_token: formToken() });
    const next = await pullAll(user.token, first.cursor);
    const adminCustomers = rowsOf((await pullAll(admin)).pages, "customer").filter((c) => c.branch_id === branchId);
    expect(
      rowsOf(next.pages, "customer")
        .map((c) => c.id)
        .sort(),
    ).toEqual(adminCustomers.map((c) => c.id).sort());
    expect(next.pages[0].snapshot).toBe(true);
    expect(next.pages[0].reset).toBe(false);
    expect(next.pages[0].drop).toEqual([]);
    // The tables it held are not sent again; their changes since the last pull still come.
    expect(rowsOf(next.pages, "item")).toEqual([]);
    expect(rowsOf(next.pages, "item_group").map((c) => c.id)).toEqual([group.body.id]);

    // The cost gained: items and stock are emptied and pulled again, with their cost.
    await grant(user.id, ["view_purchase"]);
    const withCost = await pullAll(user.token, next.cursor);
    expect(withCost.pages[0].drop.sort()).toEqual(["item", "stock"]);
    const items = rowsOf(withCost.pages, "item");
    expect(items.length).toBe(itemsBefore);
    expect(items.every((i) => i.purchase_price !== undefined)).toBe(true);
    expect(rowsOf(withCost.pages, "stock").every((s) => s.purchase_price !== undefined)).toBe(true);
    expect(rowsOf(withCost.pages, "customer")).toEqual([]);
  });

  it("a cursor made before the pull knew rights (every table) drops what the user may not read", async () => {
    const hr = await t.login("hr", "hr");
    const { cursor } = await pullAll(hr);
    const decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Record<string, unknown>;
    const legacy = Buffer.from(JSON.stringify({ kind: "changes", x: decoded.x, v: decoded.v, b: decoded.b })).toString("base64url");
    const next = await pullAll(hr, legacy);
    expect(next.pages[0].drop).toEqual(expect.arrayContaining(FORBIDDEN_TO_HR));
    for (const table of FORBIDDEN_TO_HR) expect(rowsOf(next.pages, table), table).toEqual([]);
  });

  it("a superuser gets every table with its cost", async () => {
    const { pages } = await pullAll(admin);
    for (const table of FORBIDDEN_TO_HR) expect(rowsOf(pages, table).length, table).toBeGreaterThan(0);
    expect(rowsOf(pages, "stock").every((s) => s.purchase_price !== undefined)).toBe(true);
    expect(pages.every((p) => p.drop.length === 0)).toBe(true);
  });
});
