import { sql } from "drizzle-orm";
import { Zip, ZipDeflate, zipSync, strToU8, unzipSync } from "fflate";
import { expect, it } from "vitest";
import { parseCsv } from "../../../src/core/csv-read";
import { MESSAGES, interpolate } from "../../../src/core/messages";
import { queryRows } from "../../../src/server/db/client";
import { IMPORT_MAX_UNPACKED_MB } from "../../../src/server/modules/import/import-file";
import { xlsxStream, type XlsxCell } from "../../../src/server/http/xlsx-stream";
import type { TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";

/**
 * Spreadsheet imports: a preview lists each bad cell with its row and column and saves nothing; the
 * import is all or nothing; the same file again creates nothing; an XLSX reads as its CSV; hostile
 * files get a 400 that says what is wrong. And the whole business comes out as a zip of CSVs.
 */
let t: TestApp;
let admin: string;
let cashier: string;
withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
  cashier = await t.login("cashier");
});

const BOUNDARY = "----import-test-boundary";
function multipart(fileName: string, data: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

async function upload<T = ImportAnswer>(url: string, fileName: string, data: Buffer, token = admin) {
  const res = await t.app.inject({
    method: "POST",
    url,
    payload: multipart(fileName, data),
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  });
  return { status: res.statusCode, body: res.json<T>() };
}

interface ImportAnswer {
  rows: number;
  new: number;
  updated: number;
  unchanged: number;
  errors: { row: number; column: string; message: string }[];
  to_create: { item_group: string[]; measurement: string[] };
  outcomes: { row: number; outcome: string }[];
  saved: boolean;
}

const HEAD = ["code", "barcode", "name", "item_group", "measurement", "item_type", "purchase_price", "sale_price", "min_quantity"];
const RUN = `imp${Date.now() % 100000}`;

/** 1,000 items; `broken` spoils row 101's name, row 501's price and gives row 802 row 801's barcode. */
function itemRows(broken: boolean): string[][] {
  return Array.from({ length: 1000 }, (_, i) => {
    const n = i + 1;
    const row = [
      `${RUN}-${n}`,
      `${RUN}99${String(n).padStart(6, "0")}`,
      `Imported item ${n}`,
      `${RUN} Group ${n % 3}`,
      `${RUN} box`,
      "Goods",
      "2.50",
      `${3 + (n % 7)}.25`,
      "1",
    ];
    if (broken && n === 100) row[2] = "";
    if (broken && n === 500) row[7] = "abc";
    if (broken && n === 801) row[1] = `${RUN}99${String(800).padStart(6, "0")}`;
    return row;
  });
}

const csvOf = (rows: string[][]) => Buffer.from(`\uFEFF${[HEAD, ...rows].map((r) => r.join(",")).join("\r\n")}\r\n`);

async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const numeric = new Set(["purchase_price", "sale_price", "min_quantity"]);
  const cells = rows.map((row) =>
    row.map((text, i): XlsxCell => (numeric.has(HEAD[i]) && text !== "abc" ? { number: Number(text), decimal: true } : { text })),
  );
  const chunks: Uint8Array[] = [];
  for await (const chunk of xlsxStream({
    head: HEAD,
    rows: (async function* () {
      yield cells;
    })(),
  }))
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

const countItems = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from item where code like ${`${RUN}-%`} and deleted_at is null`))[0]
    .n;
const countGroups = async () =>
  (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from item_group where name like ${`${RUN} %`}`))[0].n;

it("previews exactly the three bad rows of 1,000 with their row and column, and saves nothing", async () => {
  const preview = await upload("/api/import/item/preview/", "items.csv", csvOf(itemRows(true)));
  expect(preview.status).toBe(200);
  // The file's rows: the header is row 1, so item n is row n + 1.
  expect(preview.body.errors).toEqual([
    { row: 101, column: "name", message: MESSAGES.required },
    { row: 501, column: "sale_price", message: MESSAGES.number },
    { row: 802, column: "barcode", message: interpolate(MESSAGES.importListedTwice, { row: 801 }) },
  ]);
  expect(preview.body).toMatchObject({ rows: 1000, new: 997, updated: 0, unchanged: 0, saved: false });
  expect(preview.body.to_create.item_group).toHaveLength(3);
  expect(preview.body.to_create.measurement).toEqual([`${RUN} box`]);
  expect(preview.body.outcomes[100]).toEqual({ row: 102, outcome: "new" });
  expect(preview.body.outcomes[99]).toEqual({ row: 101, outcome: "error" });

  // The contract's dry run answers the same; the import itself is a 400 with the errors, all or nothing.
  const dry = await upload("/api/import/item/?dry_run=true", "items.csv", csvOf(itemRows(true)));
  expect(dry.body.errors).toEqual(preview.body.errors);
  const refused = await upload<ImportAnswer & { message: string }>("/api/import/item/", "items.csv", csvOf(itemRows(true)));
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe(MESSAGES.importHasErrors);
  expect(refused.body.errors).toHaveLength(3);
  expect(await countItems()).toBe(0);
  expect(await countGroups()).toBe(0);
});

it("imports the fixed 1,000, then the same file (and its XLSX) again creates none", async () => {
  const imported = await upload("/api/import/item/", `items-${RUN}.csv`, csvOf(itemRows(false)));
  expect(imported.status).toBe(200);
  expect(imported.body).toMatchObject({ rows: 1000, new: 1000, updated: 0, unchanged: 0, errors: [], saved: true });
  expect(await countItems()).toBe(1000);
  expect(await countGroups()).toBe(3);
  const [one] = await queryRows<{ sale_price: string; group: string; measurement: string; item_type: number }>(
    t.db,
    sql`select i.sale_price::text, g.name as group, m.name as measurement, i.item_type from item i
        join item_group g on g.id = i.item_group_id join measurement m on m.id = i.measurement_id where i.code = ${`${RUN}-10`}`,
  );
  expect(one).toEqual({ sale_price: "6.25", group: `${RUN} Group 1`, measurement: `${RUN} box`, item_type: 1 });

  const again = await upload("/api/import/item/", "items.csv", csvOf(itemRows(false)));
  expect(again.body).toMatchObject({ rows: 1000, new: 0, updated: 0, unchanged: 1000, saved: true });
  expect(await countItems()).toBe(1000);
  expect(await countGroups()).toBe(3);

  const xlsx = await upload("/api/import/item/", "items.xlsx", await xlsxOf(itemRows(false)));
  expect(xlsx.status).toBe(200);
  expect(xlsx.body).toMatchObject({ rows: 1000, new: 0, updated: 0, unchanged: 1000 });

  // A changed price is an update of that one item, found by its code.
  const changed = itemRows(false);
  changed[9][7] = "9.99";
  const update = await upload("/api/import/item/", "items.csv", csvOf(changed));
  expect(update.body).toMatchObject({ new: 0, updated: 1, unchanged: 999 });
  expect(await countItems()).toBe(1000);

  const audit = await queryRows<{ changes: Record<string, unknown> }>(
    t.db,
    sql`select changes from audit_log where record_type = 'import' and action = 'import' and changes->>'file_name' = ${`items-${RUN}.csv`}`,
  );
  expect(audit).toHaveLength(1);
  expect(audit[0].changes).toMatchObject({ kind: "item", rows: 1000, new: 1000, updated: 0 });
});

it("previews the same errors from an XLSX of the same rows", async () => {
  const preview = await upload("/api/import/item/preview/", "items.xlsx", await xlsxOf(itemRows(true)));
  expect(preview.status).toBe(200);
  expect(preview.body.errors.map(({ row, column }) => [row, column])).toEqual([
    [101, "name"],
    [501, "sale_price"],
    [802, "barcode"],
  ]);
});

it("imports customers and suppliers by name, creating their cities once", async () => {
  const customers = Buffer.from(
    `name,phone,address,city\r\n${RUN} Karwan,0750,Street 1,${RUN} City\r\n${RUN} Shilan,0751,,${RUN} City\r\n`,
  );
  const first = await upload("/api/import/customer/", "customers.csv", customers);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ rows: 2, new: 2, to_create: { city: [`${RUN} City`] } });
  const again = await upload("/api/import/customer/", "customers.csv", customers);
  expect(again.body).toMatchObject({ new: 0, unchanged: 2 });
  const suppliers = Buffer.from(`name,phone,branches\r\n${RUN} Zagros,0770,\r\n${RUN} Zagros,0771,\r\n`);
  const twice = await upload("/api/import/supplier/preview/", "suppliers.csv", suppliers);
  expect(twice.body.errors).toEqual([{ row: 3, column: "name", message: interpolate(MESSAGES.importListedTwice, { row: 2 }) }]);
  const one = await upload("/api/import/supplier/", "suppliers.csv", Buffer.from(`name,phone\r\n${RUN} Zagros,0770\r\n`));
  expect(one.body).toMatchObject({ new: 1, saved: true });
});

it("imports a customer's credit limit, updates it on a second file and refuses a negative one", async () => {
  const file = (limit: string) => Buffer.from(`name,credit_limit\r\n${RUN} Limited,${limit}\r\n`);
  expect((await upload("/api/import/customer/", "limit.csv", file("250000"))).body).toMatchObject({ new: 1, saved: true });
  const limitOf = async () =>
    (await queryRows<{ credit_limit: string }>(t.db, sql`select credit_limit::text from customer where name = ${`${RUN} Limited`}`))[0]
      .credit_limit;
  expect(await limitOf()).toBe("250000.00");
  expect((await upload("/api/import/customer/", "limit.csv", file("300000.5"))).body).toMatchObject({ updated: 1 });
  expect(await limitOf()).toBe("300000.50");
  const negative = await upload("/api/import/customer/preview/", "limit.csv", file("-1"));
  expect(negative.body.errors).toEqual([{ row: 2, column: "credit_limit", message: interpolate(MESSAGES.greaterThanOrEqual, { min: 0 }) }]);
  expect(await limitOf()).toBe("300000.50");
});

it("streams the import's progress as lines of JSON when asked, ending with the answer", async () => {
  const rows = Array.from({ length: 5 }, (_, i) => `${RUN}-p${i},,Progress item ${i},,,Service,1,2,0`).join("\r\n");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/import/item/",
    payload: multipart("progress.csv", Buffer.from(`${HEAD.join(",")}\r\n${rows}\r\n`)),
    headers: {
      authorization: `Bearer ${admin}`,
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      accept: "application/x-ndjson",
    },
  });
  const lines = res.body
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines[0]).toEqual({ done: 0, left: 5 });
  expect(lines).toContainEqual({ done: 5, left: 0 });
  expect(lines.at(-1)).toMatchObject({ status: 200, body: { new: 5, saved: true } });
  // An item imported without a barcode gets the product's own, as one keyed in the form does.
  const [item] = await queryRows<{ barcode: string; item_type: number }>(
    t.db,
    sql`select barcode, item_type from item where code = ${`${RUN}-p0`}`,
  );
  expect(item.barcode).toMatch(/^2\d{12}$/);
  expect(item.item_type).toBe(2);
});

it("gives each kind's template in the three languages, and only to those who may add that kind", async () => {
  const csv = await t.app.inject({ url: "/api/import/item/template/?format=csv&lang=en", headers: { authorization: `Bearer ${admin}` } });
  expect(csv.statusCode).toBe(200);
  expect(parseCsv(csv.body)[0]).toEqual([...HEAD, "item_subgroup", "is_active"].sort((a, b) => indexOf(a) - indexOf(b)));
  const arabic = await t.app.inject({
    url: "/api/import/item/template/?format=xlsx&lang=ar",
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(arabic.headers["content-type"]).toContain("spreadsheetml");
  const sheet = new TextDecoder().decode(unzipSync(arabic.rawPayload)["xl/worksheets/sheet1.xml"]);
  expect(sheet).toContain("سعر البيع");
  // An Arabic template, filled in, reads as the English one.
  const kurdish = await t.app.inject({ url: "/api/import/customer/template/?lang=ckb", headers: { authorization: `Bearer ${admin}` } });
  const filled = `${kurdish.body.trimEnd()}\r\n${RUN} Aras,0752,,,\r\n`;
  const preview = await upload("/api/import/customer/preview/", "ckb.csv", Buffer.from(filled));
  expect(preview.body).toMatchObject({ rows: 2, errors: [] });
  expect((await t.call(cashier, "GET", "/api/import/item/template/")).status).toBe(403);
  expect((await upload("/api/import/item/preview/", "a.csv", csvOf(itemRows(false)), cashier)).status).toBe(403);
  expect((await t.call(admin, "GET", "/api/import/item/template/?format=pdf")).status).toBe(400);
});

const indexOf = (field: string) =>
  [
    "code",
    "barcode",
    "name",
    "item_group",
    "item_subgroup",
    "measurement",
    "item_type",
    "purchase_price",
    "sale_price",
    "min_quantity",
    "is_active",
  ].indexOf(field);

/** An archive of one entry of `megabytes` zeros: a few hundred kilobytes that unpack to far more. */
async function zipBomb(megabytes: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    chunks.push(data);
  });
  const part = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 9 });
  zip.add(part);
  const block = new Uint8Array(1024 * 1024);
  for (let i = 0; i < megabytes; i += 1) part.push(block, i === megabytes - 1);
  zip.end();
  return Buffer.concat(chunks);
}

function formulaWorkbook(): Buffer {
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c><c r="B1" t="inlineStr"><is><t>sale_price</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>x</t></is></c><c r="B2"><f>HYPERLINK("http://evil","x")</f><v>0</v></c></row></sheetData></worksheet>`;
  return Buffer.from(zipSync({ "xl/worksheets/sheet1.xml": strToU8(sheet), "[Content_Types].xml": strToU8("<Types/>") }));
}

it("answers hostile files with a 400 that says what is wrong, saving nothing", async () => {
  const before = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from item`);
  const cases: [string, Buffer, string][] = [
    ["huge.csv", Buffer.alloc(50 * 1024 * 1024, 0x61), MESSAGES.fileTooLarge],
    ["bomb.xlsx", await zipBomb(150), interpolate(MESSAGES.importUnpacksTooLarge, { max: IMPORT_MAX_UNPACKED_MB })],
    ["formula.xlsx", formulaWorkbook(), interpolate(MESSAGES.importFormula, { cell: "B2" })],
    ["utf16.csv", Buffer.from(`\uFEFFname,sale_price\r\nشاي,1\r\n`, "utf16le"), MESSAGES.importNotUtf8],
    // "شاي" in Windows-1256.
    [
      "cp1256.csv",
      Buffer.concat([Buffer.from("name,sale_price\r\n"), Buffer.from([0xd4, 0xc7, 0xed]), Buffer.from(",1\r\n")]),
      MESSAGES.importNotUtf8,
    ],
    ["broken.xlsx", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]), MESSAGES.importNotSpreadsheet],
    ["old.xls", Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), MESSAGES.importNotSpreadsheet],
    ["empty.csv", Buffer.alloc(0), MESSAGES.importNoRows],
    ["head-only.csv", Buffer.from("name,sale_price\r\n"), MESSAGES.importNoRows],
  ];
  for (const [name, data, message] of cases) {
    for (const url of ["/api/import/item/preview/", "/api/import/item/"]) {
      const res = await upload<{ file: string[] }>(url, name, data);
      expect([name, url, res.status, res.body]).toEqual([name, url, 400, { file: [message] }]);
    }
  }
  // A formula typed as text in a CSV is a name like any other, and a column the kind lacks is named in row 1.
  const odd = await upload("/api/import/item/preview/", "odd.csv", Buffer.from(`name,colour\r\n=1+1,red\r\n`));
  expect(odd.body.errors).toEqual([{ row: 1, column: "colour", message: MESSAGES.importColumnUnknown }]);
  const noName = await upload("/api/import/item/preview/", "no-name.csv", Buffer.from(`code\r\nA\r\n`));
  expect(noName.body.errors).toEqual([{ row: 1, column: "name", message: MESSAGES.importColumnMissing }]);
  expect((await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from item`))[0].n).toBe(before[0].n);
}, 600_000);

it("takes the whole business out as a zip of every table's CSV, for a superuser, audited", async () => {
  expect((await t.call(cashier, "GET", "/api/export/all/")).status).toBe(403);
  const res = await t.app.inject({ url: "/api/export/all/", headers: { authorization: `Bearer ${admin}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("application/zip");
  const files = unzipSync(res.rawPayload);
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  expect(tables.length).toBeGreaterThan(30);
  for (const { name } of tables) {
    if (name === "auth_token") {
      expect(files[`${name}.csv`]).toBeUndefined();
      continue;
    }
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    const rows = parseCsv(new TextDecoder().decode(files[`${name}.csv`]));
    expect([name, rows.length - 1]).toEqual([name, n]);
  }
  const items = parseCsv(new TextDecoder().decode(files["item.csv"]));
  expect(items[0]).toContain("barcode");
  expect(items.some((row) => row.includes(`${RUN}-10`))).toBe(true);
  expect(new TextDecoder().decode(files["app_user.csv"])).not.toContain("password_hash");
  const audit = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log where record_type = 'export'`);
  expect(audit[0].n).toBeGreaterThanOrEqual(1);
});
