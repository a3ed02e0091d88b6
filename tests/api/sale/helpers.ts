import { eq, sql } from "drizzle-orm";
import { queryRows } from "../../../src/server/db/client";
import { cashbox, currency, customer, inventory, item } from "../../../src/server/db/tables";
import { applyMovements, findOrCreateStock } from "../../../src/server/modules/stock/stock-ledger";
import { formToken, startTestApp, type TestApp } from "../support/test-app";

export interface SaleWorld {
  erbil: number;
  suli: number;
  iqd: number;
  usd: number;
  inv: { erbil: number; erbil2: number; suli: number };
  cash: { erbilIqd: number; erbilUsd: number; suliIqd: number };
  cust: { erbilGeneral: number; aram: number; suli: number };
  goods: number[];
  service: number;
  material: number[];
}

/** Ids of the demo data the sale tests work with (seed.ts). */
export async function saleWorld(t: TestApp): Promise<SaleWorld> {
  const rows = await queryRows<{ id: number; name: string }>(t.db, sql`select id, name from branch order by id`);
  const erbil = rows.find((r) => r.name === "Erbil Main")!.id;
  const suli = rows.find((r) => r.name === "Sulaymaniyah")!.id;
  const cur = await t.db.select().from(currency);
  const iqd = cur.find((c) => c.code === "IQD")!.id;
  const usd = cur.find((c) => c.code === "USD")!.id;
  const invs = await t.db.select().from(inventory).orderBy(inventory.id);
  const boxes = await t.db.select().from(cashbox).orderBy(cashbox.id);
  const custs = await t.db.select().from(customer).orderBy(customer.id);
  const items = await t.db.select({ id: item.id, itemType: item.itemType }).from(item).orderBy(item.id);
  return {
    erbil,
    suli,
    iqd,
    usd,
    inv: {
      erbil: invs.filter((i) => i.branchId === erbil)[0].id,
      erbil2: invs.filter((i) => i.branchId === erbil)[1].id,
      suli: invs.filter((i) => i.branchId === suli)[0].id,
    },
    cash: {
      erbilIqd: boxes.find((b) => b.branchId === erbil && b.currencyId === iqd)!.id,
      erbilUsd: boxes.find((b) => b.branchId === erbil && b.currencyId === usd)!.id,
      suliIqd: boxes.find((b) => b.branchId === suli && b.currencyId === iqd)!.id,
    },
    cust: {
      erbilGeneral: custs.find((c) => c.branchId === erbil && c.isGeneral)!.id,
      aram: custs.find((c) => c.name === "Aram Market")!.id,
      suli: custs.find((c) => c.name === "Rebin Store")!.id,
    },
    // Items far from the start of the list, so demo stock (if any) is unlikely to share their rows.
    goods: items
      .filter((i) => i.itemType === 1)
      .slice(-40)
      .map((i) => i.id),
    service: items.find((i) => i.itemType === 2)!.id,
    material: items.filter((i) => i.itemType === 4).map((i) => i.id),
  };
}

/** The sale world of a test app, and a token for each user named, signed in in that order. */
export async function signInSaleWorld<U extends string>(t: TestApp, ...users: U[]): Promise<Record<U, string> & { w: SaleWorld }> {
  const tokens = {} as Record<U, string>;
  for (const user of users) tokens[user] = await t.login(user);
  return { ...tokens, w: await saleWorld(t) };
}

/** A test app on the demo data, with `signInSaleWorld`'s tokens and world. */
export async function startSaleApp<U extends string>(...users: U[]): Promise<Record<U, string> & { w: SaleWorld; t: TestApp }> {
  const t = await startTestApp();
  return { ...(await signInSaleWorld(t, ...users)), t };
}

/** The world's goods in turn (`step` apart, from `first`), so the tests of a file each take other items. */
export function goodsCycle(world: () => SaleWorld, step = 1, first = 0): () => number {
  let index = 0;
  return () => {
    const goods = world().goods;
    return goods[(index++ * step + first) % goods.length];
  };
}

let batch = 0;
/** A fresh stock row of the item in the inventory, holding `quantity` at `purchasePrice` (base currency). */
export async function makeStock(
  t: TestApp,
  inventoryId: number,
  itemId: number,
  quantity: string,
  purchasePrice = "1000",
): Promise<number> {
  batch += 1;
  return t.db.transaction(async (tx) => {
    const [inv] = await tx.select().from(inventory).where(eq(inventory.id, inventoryId));
    const id = await findOrCreateStock(
      tx,
      { branchId: inv.branchId, inventoryId, itemId, batchNumber: `T-${Date.now()}-${batch}`, expireDate: "2030-01-01" },
      { purchasePrice, salePrice: "0" },
    );
    if (Number(quantity) > 0)
      await applyMovements(tx, [{ stockId: id, quantity }], { documentType: "test_opening", documentId: id, userId: 1 });
    return id;
  });
}

export async function stockQuantity(t: TestApp, stockId: number): Promise<string> {
  const [row] = await queryRows<{ q: string }>(t.db, sql`select quantity::text as q from stock where id = ${stockId}`);
  return row.q;
}

export async function movementCount(t: TestApp, stockId: number): Promise<number> {
  const [row] = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from stock_movement where stock_id = ${stockId}`);
  return Number(row.n);
}

export async function tableCount(t: TestApp, table: string): Promise<number> {
  const [row] = await queryRows<{ n: string }>(t.db, sql`select count(*) as n from ${sql.identifier(table)}`);
  return Number(row.n);
}

/**
 * Entries of a document's posting as it stands (they must balance per currency): its rows after its last
 * reversal, the append-only ledger keeping what an edit or delete reversed. None after a delete.
 */
export async function documentEntries(t: TestApp, documentType: string, documentId: number) {
  return queryRows<{ account_type: string; account_id: number | null; currency_id: number; debit: string; credit: string }>(
    t.db,
    sql`select account_type, account_id, currency_id, debit::text as debit, credit::text as credit from ledger_entry
        where document_type = ${documentType} and document_id = ${documentId} and memo <> 'reversal'
          and id > coalesce((select max(id) from ledger_entry where document_type = ${documentType} and document_id = ${documentId} and memo = 'reversal'), 0)
        order by id`,
  );
}

export async function unbalancedCurrencies(t: TestApp, documentType: string, documentId: number): Promise<number> {
  const rows = await queryRows<{ n: string }>(
    t.db,
    sql`select count(*) as n from (select currency_id from ledger_entry where document_type = ${documentType} and document_id = ${documentId}
        group by currency_id having sum(debit) <> sum(credit)) x`,
  );
  return Number(rows[0].n);
}

/** debit - credit of an account in a currency, from the ledger. */
export async function balance(t: TestApp, accountType: string, accountId: number | null, currencyId: number): Promise<string> {
  const [row] = await queryRows<{ b: string }>(
    t.db,
    sql`select coalesce(sum(debit - credit), 0)::text as b from ledger_entry where account_type = ${accountType}
        and account_id is not distinct from ${accountId} and currency_id = ${currencyId}`,
  );
  return row.b;
}

export { counter } from "../support/document-numbers";

/** POST with a form_token; `T` is the answer the test reads (its body stays `unknown` without it). */
export const post = <T = unknown>(t: TestApp, token: string, path: string, body: Record<string, unknown>, token_ = formToken("sale")) =>
  t.call<T>(token, "POST", `/api/${path}`, { ...body, form_token: token_ });

/** A line of a sale, sale return or quotation answer: the fields the tests read (a type, so it can be sent back as a body). */
export type DocumentLineAnswer = {
  stock: number | null;
  item: number;
  item_name: string;
  barcode: string;
  batch_number: string;
  expire_date: string | null;
  quantity: string;
  price: string;
  total_price: string;
  is_extra: boolean;
};

/** A sale as sale/ (and a quotation's convert/) answers it: the fields the tests read. */
export interface SaleAnswer {
  id: number;
  invoice_no: number;
  updated_at: string;
  exchange_rate: string;
  total_price: string;
  returned_amount: string;
  items: DocumentLineAnswer[];
}

/** A sale return or a quotation as their endpoints answer them. */
export interface SaleDocumentAnswer {
  id: number;
  invoice_no: number;
  total_price: string;
  items: DocumentLineAnswer[];
}

/** A row of the sale, sale-return and quotation lists. */
export interface SaleListRow {
  id: number;
}

/** A row of the sale-premium list. */
export interface PremiumListRow extends SaleListRow {
  is_premium: boolean;
}

/** The installment plan of sale/<id>/premium-schedule/. */
export interface PremiumScheduleAnswer {
  receipts: { index: number; date: string; amount: string; paid: string; due: string }[];
}

/** The body of an unpaid (debit) sale in Erbil to Aram Market in IQD, the tests' usual sale; `extra` overrides. */
export function debitSaleBody(w: SaleWorld, items: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return {
    branch: w.erbil,
    inventory: w.inv.erbil,
    customer: w.cust.aram,
    currency: w.iqd,
    payment_type: "debit",
    cashbox: null,
    paid_amount: "0",
    discount: "0",
    items,
    ...extra,
  };
}
