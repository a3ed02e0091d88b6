import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser, Paged } from "../../../src/core/api-types";
import { MESSAGES } from "../../../src/core/messages";
import { queryRows } from "../../../src/server/db/client";
import { startSaleApp, makeStock, post, type SaleAnswer, type SaleWorld } from "../sale/helpers";
import { formToken, type TestApp } from "../support/test-app";

/**
 * A branch's short code (ERB, SUL) reads before its document numbers (ERB-241): set and changed on the
 * branch, unique, 2 to 5 letters or digits; a document list's search finds ERB-241, erb-241 or 241, and
 * its export writes the number with the code. Document lists read newest first by date, then number.
 * A sale is saved Cash only when paid in full, else Debit.
 */

interface BranchAnswer {
  id: number;
  name: string;
  short_code: string | null;
}
interface SaleRow {
  id: number;
  branch: number;
  invoice_no: number;
  input_date: string;
}

let t: TestApp;
let admin: string;
let w: SaleWorld;

beforeAll(async () => {
  ({ t, w, admin } = await startSaleApp("admin"));
});
afterAll(() => t?.close());

const codeOf = async (id: number) =>
  (await queryRows<{ code: string | null }>(t.db, sql`select short_code as code from branch where id = ${id}`))[0].code;

describe("a branch's short code", () => {
  it("comes with the demo's branches and with the user's branches", async () => {
    expect(await codeOf(w.erbil)).toBe("ERB");
    expect(await codeOf(w.suli)).toBe("SUL");
    const me = await t.call<AuthUser>(admin, "GET", "/api/user/me/");
    expect(me.body.branches.find((b) => b.id === w.erbil)?.short_code).toBe("ERB");
  });

  it("is set uppercase, changed, kept when an edit leaves it out, and cleared", async () => {
    const created = await t.call<BranchAnswer>(admin, "POST", "/api/branch/", {
      name: "Duhok",
      color: "#aa3300",
      short_code: " duh ",
      form_token: formToken(),
    });
    expect(created.status).toBe(201);
    expect(created.body.short_code).toBe("DUH");
    const id = created.body.id;
    const changed = await t.call<BranchAnswer>(admin, "PATCH", `/api/branch/${id}/`, { short_code: "dhk2" });
    expect(changed.status).toBe(200);
    expect(changed.body.short_code).toBe("DHK2");
    const renamed = await t.call<BranchAnswer>(admin, "PATCH", `/api/branch/${id}/`, { name: "Duhok Centre" });
    expect(renamed.body).toMatchObject({ name: "Duhok Centre", short_code: "DHK2" });
    const cleared = await t.call<BranchAnswer>(admin, "PATCH", `/api/branch/${id}/`, { short_code: "" });
    expect(cleared.body.short_code).toBeNull();
  });

  it("refuses another branch's code and a code of the wrong shape, changing nothing", async () => {
    const taken = await t.call(admin, "PATCH", `/api/branch/${w.suli}/`, { short_code: "erb" });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ short_code: [MESSAGES.codeExists] });
    const twin = await t.call(admin, "POST", "/api/branch/", {
      name: "Erbil Two",
      color: "#112233",
      short_code: "ERB",
      form_token: formToken(),
    });
    expect(twin.status).toBe(400);
    expect(twin.body).toEqual({ short_code: [MESSAGES.codeExists] });
    expect(await queryRows(t.db, sql`select id from branch where name = 'Erbil Two'`)).toHaveLength(0);
    for (const bad of ["E", "ER-B", "ABCDEF", "ک١"]) {
      const res = await t.call(admin, "PATCH", `/api/branch/${w.suli}/`, { short_code: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({ short_code: [MESSAGES.shortCodeFormat] });
    }
    expect(await codeOf(w.suli)).toBe("SUL");
  });
});

describe("document numbers with the branch's code in the lists", () => {
  it("finds a sale by ERB-241, erb-241 or 241, only in its branch, and exports its number with the code", async () => {
    const stock = await makeStock(t, w.inv.erbil, w.goods[0], "5", "500");
    const sale = await post<SaleAnswer>(t, admin, "sale/", {
      branch: w.erbil,
      inventory: w.inv.erbil,
      customer: w.cust.aram,
      currency: w.iqd,
      payment_type: "debit",
      paid_amount: "0",
      discount: "0",
      items: [{ stock, quantity: "1", price: "1000" }],
    });
    expect(sale.status).toBe(201);
    const n = sale.body.invoice_no;
    const search = async (term: string) =>
      (await t.call<Paged<SaleRow>>(admin, "GET", `/api/sale/?search=${encodeURIComponent(term)}&page_size=100`)).body.results;
    for (const term of [`ERB-${n}`, `erb-${n}`, `ERB${n}`]) {
      const rows = await search(term);
      expect(
        rows.map((r) => r.id),
        term,
      ).toContain(sale.body.id);
      expect(
        rows.every((r) => r.branch === w.erbil && r.invoice_no === n),
        term,
      ).toBe(true);
    }
    expect((await search(String(n))).map((r) => r.id)).toContain(sale.body.id);
    // Sulaymaniyah's code finds no Erbil sale.
    expect((await search(`SUL-${n}`)).some((r) => r.id === sale.body.id)).toBe(false);

    const exported = await t.app.inject({
      method: "GET",
      url: `/api/sale/export/?format=csv&search=ERB-${n}&columns=invoice_no,customer_name`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(`ERB-${n}`);
  });

  it("reads document lists newest first by date, then by number", async () => {
    const stock = await makeStock(t, w.inv.erbil, w.goods[1], "5", "500");
    const body = (input_date: string) => ({
      branch: w.erbil,
      inventory: w.inv.erbil,
      customer: w.cust.aram,
      currency: w.iqd,
      payment_type: "debit",
      paid_amount: "0",
      discount: "0",
      input_date,
      items: [{ stock, quantity: "1", price: "1000" }],
    });
    const today = new Date().toISOString().slice(0, 10);
    const newer = await post<SaleAnswer>(t, admin, "sale/", body(today));
    // Keyed later, dated earlier: it sits below the newer one though its id is higher.
    const older = await post<SaleAnswer>(t, admin, "sale/", body("2020-01-15"));
    expect([newer.status, older.status]).toEqual([201, 201]);
    const lists: Array<[string, string]> = [
      ["sale/", "input_date"],
      ["purchase/", "input_date"],
      ["accounting/receipt/", "input_date"],
      ["accounting/cashbox-count/", "input_date"],
    ];
    for (const [path, field] of lists) {
      const res = await t.call<Paged<SaleRow & Record<string, unknown>>>(admin, "GET", `/api/${path}?page_size=100`);
      expect(res.status, path).toBe(200);
      const keys = res.body.results.map((r) => [String(r[field]), r.id] as const);
      const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
      expect(keys, path).toEqual(sorted);
    }
    // The later-keyed, earlier-dated sale is not first: today's is.
    const first = (await t.call<Paged<SaleRow>>(admin, "GET", `/api/sale/?branch=${w.erbil}&page_size=1`)).body.results[0];
    expect(first.id).toBe(newer.body.id);
    expect(older.body.id).toBeGreaterThan(newer.body.id);
  });
});

describe("a sale's payment type follows what is paid", () => {
  it("saves Cash when paid in full and Debit when part-paid or unpaid, whatever the form said", async () => {
    const stock = await makeStock(t, w.inv.erbil, w.goods[2], "5", "500");
    const sale = (payment_type: string, paid_amount: string) =>
      post<SaleAnswer>(t, admin, "sale/", {
        branch: w.erbil,
        inventory: w.inv.erbil,
        customer: w.cust.aram,
        currency: w.iqd,
        payment_type,
        cashbox: w.cash.erbilIqd,
        paid_amount,
        discount: "0",
        items: [{ stock, quantity: "1", price: "1000" }],
      });
    const full = await sale("cash", "1000");
    const part = await sale("cash", "400");
    const none = await sale("debit", "0");
    const fullByDebit = await sale("debit", "1000");
    expect([full, part, none, fullByDebit].map((s) => s.status)).toEqual([201, 201, 201, 201]);
    expect([full, part, none, fullByDebit].map((s) => (s.body as SaleAnswer & { payment_type: string }).payment_type)).toEqual([
      "cash",
      "debit",
      "debit",
      "cash",
    ]);
  });
});
