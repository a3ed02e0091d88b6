import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { interpolate, MESSAGES } from "../../../src/core/messages";
import { queryRows } from "../../../src/server/db/client";
import { xlsxStream } from "../../../src/server/http/xlsx-stream";
import { formToken, type TestApp } from "../support/test-app";
import { withTestApp } from "../support/test-lifecycle";
import { unbalancedGroups } from "../accounting/ledger-helpers";

/**
 * Opening stock and opening balances from a spreadsheet go through the branch's opening balance
 * document: a preview names each bad row and saves nothing; the import creates the document (or adds
 * to it) with its stock and ledger; the same file again changes nothing; an XLSX reads as its CSV.
 */
let t: TestApp;
let admin: string;
let cashier: string;
const RUN = `ob${Date.now() % 100000}`;
const BRANCH = `${RUN} Branch`;
let branchId: number;
let iqd: number;

withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
  cashier = await t.login("cashier");
  const branch = await t.call<{ id: number }>(admin, "POST", "/api/branch/", { name: BRANCH, color: "#225588", form_token: formToken() });
  expect(branch.status).toBe(201);
  branchId = branch.body.id;
  const inventory = await t.call(admin, "POST", "/api/inventory/", { name: `${RUN} Store`, branch: branchId, form_token: formToken() });
  expect(inventory.status).toBe(201);
  [{ id: iqd }] = await queryRows<{ id: number }>(t.db, sql`select id from currency where code = 'IQD'`);
  const box = await t.call(admin, "POST", "/api/accounting/cashbox/", {
    name: `${RUN} Box`,
    branch: branchId,
    currency: iqd,
    form_token: formToken("cb"),
  });
  expect(box.status).toBe(201);
  // The catalogue and the parties come in by their own imports, as a business moving in would do it.
  const items = ["code,barcode,name,item_type", `${RUN}-1,${RUN}001,Opening tea,Goods`, `${RUN}-2,${RUN}002,Opening rice,Goods`];
  expect((await upload("/api/import/item/", "items.csv", csv(items))).status).toBe(200);
  expect((await upload("/api/import/customer/", "c.csv", csv(["name,branch", `${RUN} Karwan,${BRANCH}`]))).status).toBe(200);
  expect((await upload("/api/import/supplier/", "s.csv", csv(["name,branches", `${RUN} Zagros,${BRANCH}`]))).status).toBe(200);
});

const BOUNDARY = "----opening-import-boundary";
function multipart(fileName: string, data: Buffer) {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

interface Answer {
  rows: number;
  new: number;
  updated: number;
  unchanged: number;
  errors: { row: number; column: string; message: string }[];
  outcomes: { row: number; outcome: string }[];
  saved: boolean;
  message?: string;
}

async function upload(url: string, fileName: string, data: Buffer, token = admin) {
  const res = await t.app.inject({
    method: "POST",
    url,
    payload: multipart(fileName, data),
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  });
  return { status: res.statusCode, body: res.json<Answer>() };
}

const csv = (lines: string[]) => Buffer.from(`${lines.join("\r\n")}\r\n`);

async function xlsx(lines: string[]): Promise<Buffer> {
  const [head, ...rows] = lines.map((line) => line.split(","));
  const chunks: Uint8Array[] = [];
  for await (const chunk of xlsxStream({
    head,
    rows: (async function* () {
      yield rows.map((row) => row.map((text) => ({ text })));
    })(),
  }))
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

const STOCK_HEAD = "branch,inventory,item,batch_number,expire_date,quantity,cost";
const goodStock = () => [
  STOCK_HEAD,
  `${BRANCH},${RUN} Store,${RUN}-1,B1,2030-01-31,40,2.50`,
  // The second item by its barcode.
  `${BRANCH},${RUN} Store,${RUN}002,,,10,1.25`,
];
const BALANCE_HEAD = "branch,kind,name,currency,amount";
const goodBalances = () => [
  BALANCE_HEAD,
  `${BRANCH},cashbox,${RUN} Box,,250000`,
  `${BRANCH},customer,${RUN} Karwan,IQD,75000`,
  `${BRANCH},supplier,${RUN} Zagros,IQD,30000`,
];

const documentOf = async () =>
  (await queryRows<{ id: number }>(t.db, sql`select id from opening_balance where branch_id = ${branchId}`))[0]?.id ?? null;

const ledger = async () => {
  const rows = await queryRows<{ account_type: string; net: string }>(
    t.db,
    sql`select account_type, sum(debit - credit)::text as net from ledger_entry
        where document_type = 'opening_balance' and branch_id = ${branchId} group by 1 order by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.account_type, Number(r.net)]));
};

const stockHeld = async () =>
  (
    await queryRows<{ code: string; quantity: string }>(
      t.db,
      sql`select i.code, sum(s.quantity)::text as quantity from stock s join item i on i.id = s.item_id
          where s.branch_id = ${branchId} group by 1 order by 1`,
    )
  ).map((r) => [r.code, Number(r.quantity)]);

it("previews bad opening stock rows with their row and column, and saves nothing", async () => {
  const bad = [
    STOCK_HEAD,
    `${BRANCH},${RUN} Store,${RUN}-1,B1,2030-01-31,40,2.50`,
    `${BRANCH},${RUN} Store,NO-SUCH-ITEM,,,5,1`,
    `${BRANCH},${RUN} Store,${RUN}-2,,,-3,1`,
    `${BRANCH},${RUN} Store,${RUN}-2,,,3,abc`,
    `${BRANCH},${RUN} Store,${RUN}-1,B1,2030-01-31,1,2.50`,
    `${BRANCH},No such store,${RUN}-2,,,1,1`,
    `Nowhere,${RUN} Store,${RUN}-2,,,1,1`,
  ];
  const preview = await upload("/api/import/opening-stock/?dry_run=true", "stock.csv", csv(bad));
  expect(preview.status).toBe(200);
  expect(preview.body.errors).toEqual([
    { row: 3, column: "item", message: MESSAGES.invalidChoice },
    { row: 4, column: "quantity", message: interpolate(MESSAGES.greaterThanOrEqual, { min: 0 }) },
    { row: 5, column: "cost", message: MESSAGES.number },
    { row: 6, column: "item", message: interpolate(MESSAGES.importListedTwice, { row: 2 }) },
    { row: 7, column: "inventory", message: MESSAGES.invalidChoice },
    { row: 8, column: "branch", message: MESSAGES.invalidChoice },
  ]);
  expect(preview.body).toMatchObject({ rows: 7, new: 1, saved: false });
  const refused = await upload("/api/import/opening-stock/", "stock.csv", csv(bad));
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe(MESSAGES.importHasErrors);
  expect(await documentOf()).toBeNull();
  expect(await stockHeld()).toEqual([]);
});

it("previews the service's own refusals too (a zero quantity), by row, saving nothing", async () => {
  const zero = [STOCK_HEAD, `${BRANCH},${RUN} Store,${RUN}-1,,,0,2.50`];
  const preview = await upload("/api/import/opening-stock/?dry_run=true", "zero.csv", csv(zero));
  expect(preview.status).toBe(200);
  expect(preview.body.errors).toHaveLength(1);
  expect(preview.body.errors[0]).toMatchObject({ row: 2, column: "quantity" });
  expect(await documentOf()).toBeNull();
});

it("imports opening stock into a new document: stock and the inventory account follow, the same file again changes nothing", async () => {
  const preview = await upload("/api/import/opening-stock/?dry_run=true", "stock.csv", csv(goodStock()));
  expect(preview.body).toMatchObject({ rows: 2, new: 2, errors: [], saved: false });
  expect(await documentOf()).toBeNull();

  const imported = await upload("/api/import/opening-stock/", `stock-${RUN}.csv`, csv(goodStock()));
  expect(imported.status).toBe(200);
  expect(imported.body).toMatchObject({ rows: 2, new: 2, updated: 0, unchanged: 0, saved: true });
  expect(await documentOf()).not.toBeNull();
  expect(await stockHeld()).toEqual([
    [`${RUN}-1`, 40],
    [`${RUN}-2`, 10],
  ]);
  // 40 x 2.50 + 10 x 1.25 at cost, against opening balance equity.
  expect(await ledger()).toEqual({ inventory: 112.5, opening_balance_equity: -112.5 });

  const again = await upload("/api/import/opening-stock/", "stock.csv", csv(goodStock()));
  expect(again.body).toMatchObject({ rows: 2, new: 0, updated: 0, unchanged: 2, saved: true });
  const fromXlsx = await upload("/api/import/opening-stock/", "stock.xlsx", await xlsx(goodStock()));
  expect(fromXlsx.status).toBe(200);
  expect(fromXlsx.body).toMatchObject({ rows: 2, new: 0, updated: 0, unchanged: 2 });
  expect(await stockHeld()).toEqual([
    [`${RUN}-1`, 40],
    [`${RUN}-2`, 10],
  ]);
  expect(await ledger()).toEqual({ inventory: 112.5, opening_balance_equity: -112.5 });

  // A corrected quantity moves that line only, by the difference.
  const corrected = goodStock();
  corrected[2] = `${BRANCH},${RUN} Store,${RUN}002,,,12,1.25`;
  const update = await upload("/api/import/opening-stock/", "stock.csv", csv(corrected));
  expect(update.body).toMatchObject({ new: 0, updated: 1, unchanged: 1 });
  expect(await stockHeld()).toEqual([
    [`${RUN}-1`, 40],
    [`${RUN}-2`, 12],
  ]);
  expect(await ledger()).toEqual({ inventory: 115, opening_balance_equity: -115 });
  expect(await unbalancedGroups(t)).toBe(0);

  const audit = await queryRows<{ changes: Record<string, unknown> }>(
    t.db,
    sql`select changes from audit_log where record_type = 'import' and changes->>'file_name' = ${`stock-${RUN}.csv`}`,
  );
  expect(audit.map((a) => a.changes)).toEqual([expect.objectContaining({ kind: "opening-stock", rows: 2, new: 2 })]);
});

it("imports cash and what parties owe into the same document, the stock left as it was", async () => {
  const bad = [
    BALANCE_HEAD,
    `${BRANCH},cashbox,No such box,,100`,
    `${BRANCH},customer,${RUN} Karwan,XYZ,100`,
    `${BRANCH},debtor,${RUN} Karwan,,100`,
    `${BRANCH},supplier,Nobody,IQD,100`,
    `${BRANCH},cashbox,${RUN} Box,,abc`,
  ];
  const preview = await upload("/api/import/opening-balance/?dry_run=true", "money.csv", csv(bad));
  expect(preview.body.errors.map(({ row, column }) => [row, column])).toEqual([
    [2, "name"],
    [3, "currency"],
    [4, "kind"],
    [5, "name"],
    [6, "amount"],
  ]);
  const ledgerBefore = await ledger();

  const imported = await upload("/api/import/opening-balance/", "money.csv", csv(goodBalances()));
  expect(imported.status).toBe(200);
  expect(imported.body).toMatchObject({ rows: 3, new: 3, saved: true });
  expect(await stockHeld()).toEqual([
    [`${RUN}-1`, 40],
    [`${RUN}-2`, 12],
  ]);
  expect(await ledger()).toEqual({
    ...ledgerBefore,
    cashbox: 250000,
    customer: 75000,
    supplier: -30000,
    // The stock's 115 in the base currency, and cash plus what is owed less what the business owes.
    opening_balance_equity: ledgerBefore.opening_balance_equity - 250000 - 75000 + 30000,
  });
  const again = await upload("/api/import/opening-balance/", "money.xlsx", await xlsx(goodBalances()));
  expect(again.body).toMatchObject({ rows: 3, new: 0, updated: 0, unchanged: 3 });
  expect((await ledger()).cashbox).toBe(250000);
  expect(await unbalancedGroups(t)).toBe(0);
});

it("gives both templates in the three languages, and only to who may keep opening balances", async () => {
  for (const kind of ["opening-stock", "opening-balance"]) {
    const en = await t.app.inject({ url: `/api/import/${kind}/template/?lang=en`, headers: { authorization: `Bearer ${admin}` } });
    expect(en.statusCode).toBe(200);
    const ar = await t.app.inject({ url: `/api/import/${kind}/template/?lang=ar`, headers: { authorization: `Bearer ${admin}` } });
    expect(ar.statusCode).toBe(200);
    // A filled Arabic template reads as the English one: its headers are known.
    const preview = await upload(`/api/import/${kind}/?dry_run=true`, "ar.csv", Buffer.from(ar.body));
    expect(preview.body.errors.filter((e) => e.row === 1)).toEqual([]);
    const ckb = await t.app.inject({ url: `/api/import/${kind}/template/?lang=ckb`, headers: { authorization: `Bearer ${admin}` } });
    expect(ckb.statusCode).toBe(200);
    expect((await t.call(cashier, "GET", `/api/import/${kind}/template/`)).status).toBe(403);
    expect((await upload(`/api/import/${kind}/?dry_run=true`, "s.csv", csv(goodStock()), cashier)).status).toBe(403);
  }
  const head = await t.app.inject({ url: "/api/import/opening-stock/template/", headers: { authorization: `Bearer ${admin}` } });
  expect(head.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(STOCK_HEAD);
});

it("answers a small hostile sweep with 4xx, never 5xx, saving nothing", async () => {
  const before = await ledger();
  const files: [string, Buffer][] = [
    ["wide.csv", csv([STOCK_HEAD, `${BRANCH},${RUN} Store,${RUN}-1,${"x".repeat(300)},2030-02-30,1e999,NaN`])],
    ["quote.csv", csv([STOCK_HEAD, `"${BRANCH}',${RUN} Store; drop table item;--,${RUN}-1,,,1,1`])],
    ["huge.csv", csv([STOCK_HEAD, `${BRANCH},${RUN} Store,${RUN}-1,,,99999999999999999999,99999999999999999999`])],
    ["nul.csv", csv([BALANCE_HEAD, `${BRANCH},cashbox,${RUN}\u0000Box,,1`])],
    ["cols.csv", csv(["kind,amount", "cashbox,1"])],
    ["id.csv", csv([BALANCE_HEAD, `${branchId},customer,1,1,1`])],
  ];
  for (const [name, data] of files) {
    for (const kind of ["opening-stock", "opening-balance"]) {
      for (const query of ["?dry_run=true", ""]) {
        const res = await upload(`/api/import/${kind}/${query}`, name, data);
        expect([name, kind, query, res.status < 500]).toEqual([name, kind, query, true]);
        if (query === "") expect([name, res.status]).toEqual([name, 400]);
      }
    }
  }
  expect(await ledger()).toEqual(before);
});
