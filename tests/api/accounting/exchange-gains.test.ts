import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { toIsoDate } from "../../../src/core/dates";
import { queryRows } from "../../../src/server/db/client";
import { documentsWithForeignInventory, repostInventoryInBase } from "../../../src/server/modules/accounting/inventory-in-base";
import { bookedLines, repost } from "../../../src/server/modules/ledger/ledger.repository";
import type { Created } from "../support/json";
import { formToken, type TestApp } from "../support/test-app";
import { loadDemo, newItem, post, purchaseBody, stockRows, type Demo, type PurchaseAnswer } from "../purchase/helpers";
import { withTestApp } from "../support/test-lifecycle";
import { cashboxes, unbalancedGroups, type Cashboxes } from "./ledger-helpers";

// Dated today: the cashboxes are filled today, and no write may take one below zero on an earlier day.
const TODAY = toIsoDate(new Date());

/**
 * Exchange differences and inventory in the base currency, through the API: money that leaves a
 * cashbox or settles a debt at another rate than it was booked at realises the difference in exchange
 * gains and losses (which the profit and loss shows), the exchange clearing nets to zero in the base
 * currency, and a USD purchase keeps inventory in IQD, so a sale's cost relieves it.
 */

let t: TestApp;
let admin: string;
let demo: Demo;
let boxes: Cashboxes;

withTestApp(async (app) => {
  t = app;
  admin = await t.login("admin");
  demo = await loadDemo(t);
  boxes = cashboxes(t, () => admin);
});

afterEach(async () => {
  expect(await unbalancedGroups(t)).toBe(0);
});

/** debit - credit in the base currency of an account's lines (each line at its rate, to cents), for some documents or all. */
async function baseNet(
  accountType: string,
  documents: [string, number][] | null = null,
  currencyId: number | null = null,
): Promise<string> {
  const only =
    documents === null
      ? sql``
      : sql`and (${sql.join(
          documents.map(([type, id]) => sql`(document_type = ${type} and document_id = ${id})`),
          sql` or `,
        )})`;
  const [row] = await queryRows<{ net: string }>(
    t.db,
    sql`select coalesce(sum(round(debit * exchange_rate, 2) - round(credit * exchange_rate, 2)), 0)::numeric(20, 2)::text as net
        from ledger_entry where account_type = ${accountType} ${only}
          ${currencyId === null ? sql`` : sql`and currency_id = ${currencyId}`}`,
  );
  return row.net;
}

/** debit - credit of an account's lines in one currency, in it. */
async function unitsNet(accountType: string, currencyId: number, documents: [string, number][]): Promise<string> {
  const only = sql.join(
    documents.map(([type, id]) => sql`(document_type = ${type} and document_id = ${id})`),
    sql` or `,
  );
  const [row] = await queryRows<{ net: string }>(
    t.db,
    sql`select coalesce(sum(debit - credit), 0)::numeric(20, 2)::text as net from ledger_entry
        where account_type = ${accountType} and currency_id = ${currencyId} and (${only})`,
  );
  return row.net;
}

const exchangeSection = async (date: string) => {
  const pl = await t.call<{ sections: { key: string; total: string }[] }>(
    admin,
    "GET",
    `/api/accounting/profit-and-loss/?start_date=${date}&end_date=${date}&branch=${demo.erbil}`,
  );
  expect(pl.status).toBe(200);
  return pl.body.sections.find((s) => s.key === "exchange")!.total;
};

const convert = (body: Record<string, unknown>) =>
  t.call<Created & { amount_in: string }>(admin, "POST", "/api/accounting/money-conversion/", {
    input_date: TODAY,
    ...body,
    form_token: formToken("fx"),
  });

describe("exchange gains and losses", () => {
  it("IQD to USD at 1,480 and back at 1,300 posts a 180,000 IQD loss, which the profit and loss shows", async () => {
    const iqd = await boxes.make(demo.iqd, demo.erbil, "1480000");
    const usd = await boxes.make(demo.usd, demo.erbil);
    const before = await exchangeSection(TODAY);

    const out = await convert({ from_cashbox: iqd, to_cashbox: usd, amount: "1480000", exchange_rate: "1480" });
    expect(out.status).toBe(201);
    expect(out.body.amount_in).toBe("1000.00");
    const back = await convert({ from_cashbox: usd, to_cashbox: iqd, amount: "1000", exchange_rate: "1300" });
    expect(back.status).toBe(201);
    expect(back.body.amount_in).toBe("1300000.00");

    const docs: [string, number][] = [
      ["cashbox_money_conversion", out.body.id],
      ["cashbox_money_conversion", back.body.id],
    ];
    expect(await baseNet("exchange_gain_loss", docs)).toBe("180000.00");
    expect(await baseNet("currency_exchange", docs)).toBe("0.00");
    // The USD cashbox is empty and worth nothing in base; its statement stays in USD.
    expect(await boxes.balance(usd)).toBe("0.00");
    expect(await baseNet("cashbox", [...docs], demo.usd)).toBe("0.00");
    expect(await boxes.balance(iqd)).toBe("1300000.00");
    const after = await exchangeSection(TODAY);
    expect((Number(after) - Number(before)).toFixed(2)).toBe("180000.00");

    // An edit re-reads the book rate without the conversion's own lines: back at 1,480, no difference at all.
    const edited = await t.call(admin, "PUT", `/api/accounting/money-conversion/${back.body.id}/`, {
      from_cashbox: usd,
      to_cashbox: iqd,
      amount: "1000",
      exchange_rate: "1480",
      input_date: TODAY,
    });
    expect(edited.status).toBe(200);
    expect(await baseNet("exchange_gain_loss", docs)).toBe("0.00");
    expect(await baseNet("currency_exchange", docs)).toBe("0.00");
  });

  it("a USD sale settled by a receipt at another rate realises the difference", async () => {
    const customer = await post<Created>(t, admin, "customer/", { name: `FX customer ${Date.now()}`, branch: demo.erbil });
    expect(customer.status).toBe(201);
    const itemId = await newItem(t, admin);
    const bought = await post<PurchaseAnswer>(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, {
        items: [{ item: itemId, quantity: "5", purchase_price: "1000", sale_price: "1500", batch_number: "", expire_date: null }],
      }),
    );
    expect(bought.status).toBe(201);
    const [row] = await stockRows(t, demo.inventories.erbil[0], itemId);
    const sale = await post<Created>(t, admin, "sale/", {
      branch: demo.erbil,
      inventory: demo.inventories.erbil[0],
      customer: customer.body.id,
      currency: demo.usd,
      exchange_rate: "1480",
      payment_type: "debit",
      cashbox: null,
      paid_amount: "0",
      discount: "0",
      items: [{ stock: row.id, quantity: "1", price: "100" }],
    });
    expect(sale.status).toBe(201);
    const rate = await post(t, admin, "accounting/exchange-rate/", { currency: demo.usd, rate: "1300", input_date: toIsoDate(new Date()) });
    expect(rate.status).toBe(201);
    const receipt = await post<Created>(t, admin, "accounting/receipt/", {
      branch: demo.erbil,
      customer: customer.body.id,
      cashbox: demo.cashboxes.erbil.usd,
      amount: "100",
    });
    expect(receipt.status).toBe(201);
    const docs: [string, number][] = [["receipt", receipt.body.id]];
    // Booked at 148,000 IQD, received worth 130,000 IQD: an 18,000 IQD loss; the customer owes nothing, in USD and in base.
    expect(await baseNet("exchange_gain_loss", docs)).toBe("18000.00");
    expect(await baseNet("currency_exchange", docs)).toBe("0.00");
    const customerUnits = await queryRows<{ net: string }>(
      t.db,
      sql`select coalesce(sum(debit - credit), 0)::numeric(20, 2)::text as net from ledger_entry
          where account_type = 'customer' and account_id = ${customer.body.id}`,
    );
    expect(customerUnits[0].net).toBe("0.00");
    const [customerBase] = await queryRows<{ net: string }>(
      t.db,
      sql`select coalesce(sum(round(debit * exchange_rate, 2) - round(credit * exchange_rate, 2)), 0)::numeric(20, 2)::text as net
          from ledger_entry where account_type = 'customer' and account_id = ${customer.body.id}`,
    );
    expect(customerBase.net).toBe("0.00");
  });
});

describe("inventory in the base currency", () => {
  it("a USD purchase then its sale leaves USD inventory at zero and base inventory equal to the stock's value at cost", async () => {
    const usdInventoryBefore = await queryRows<{ net: string }>(
      t.db,
      sql`select coalesce(sum(debit - credit), 0)::text as net from ledger_entry where account_type = 'inventory' and currency_id = ${demo.usd}`,
    );
    const itemId = await newItem(t, admin);
    const purchase = await post<PurchaseAnswer>(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, {
        currency: demo.usd,
        exchange_rate: "1480",
        items: [{ item: itemId, quantity: "10", purchase_price: "5", sale_price: "9000", batch_number: "", expire_date: null }],
      }),
    );
    expect(purchase.status).toBe(201);
    const [row] = await stockRows(t, demo.inventories.erbil[0], itemId);
    expect(row.purchase_price).toBe("7400.00");
    const purchaseDocs: [string, number][] = [["purchase", purchase.body.id]];
    expect(await unitsNet("inventory", demo.usd, purchaseDocs)).toBe("0.00");
    expect(await unitsNet("inventory", demo.iqd, purchaseDocs)).toBe("74000.00");
    expect(await unitsNet("supplier", demo.usd, purchaseDocs)).toBe("-50.00");
    expect(await baseNet("currency_exchange", purchaseDocs)).toBe("0.00");

    const sale = await post<Created>(t, admin, "sale/", {
      branch: demo.erbil,
      inventory: demo.inventories.erbil[0],
      customer: (await queryRows<{ id: number }>(t.db, sql`select id from customer where name = 'Aram Market'`))[0].id,
      currency: demo.iqd,
      payment_type: "debit",
      cashbox: null,
      paid_amount: "0",
      discount: "0",
      items: [{ stock: row.id, quantity: "10", price: "9000" }],
    });
    expect(sale.status).toBe(201);
    const docs: [string, number][] = [...purchaseDocs, ["sale", sale.body.id]];
    // Stock 0 at cost 7,400: the inventory these documents booked is 0 in base, and nothing in USD.
    expect(await unitsNet("inventory", demo.usd, docs)).toBe("0.00");
    expect(await baseNet("inventory", docs)).toBe("0.00");
    const usdInventoryAfter = await queryRows<{ net: string }>(
      t.db,
      sql`select coalesce(sum(debit - credit), 0)::text as net from ledger_entry where account_type = 'inventory' and currency_id = ${demo.usd}`,
    );
    expect(usdInventoryAfter[0].net).toBe(usdInventoryBefore[0].net);
  });

  it("a posting booked before, with inventory in USD, is reposted once into base (append-only)", async () => {
    const itemId = await newItem(t, admin);
    const purchase = await post<PurchaseAnswer>(
      t,
      admin,
      "purchase/",
      purchaseBody(demo, itemId, {
        currency: demo.usd,
        exchange_rate: "1480",
        items: [{ item: itemId, quantity: "2", purchase_price: "5", sale_price: "9000", batch_number: "", expire_date: null }],
      }),
    );
    expect(purchase.status).toBe(201);
    // As the rule before booked it: inventory and the supplier, both in USD.
    const booked = await bookedLines(t.db, "purchase", purchase.body.id);
    const usd = (account_type: "inventory" | "supplier", debit: string, credit: string) => ({
      account_type,
      account_id: account_type === "supplier" ? demo.suppliers.zagros : null,
      currency_id: demo.usd,
      debit,
      credit,
      exchange_rate: "1480.000000",
    });
    await t.db.transaction((tx) =>
      repost(
        tx,
        { branchId: demo.erbil, documentType: "purchase", documentId: purchase.body.id, entryDate: booked[0].entryDate, userId: 1 },
        booked,
        [usd("inventory", "10.00", "0.00"), usd("supplier", "0.00", "10.00")],
      ),
    );
    const docs: [string, number][] = [["purchase", purchase.body.id]];
    expect(await unitsNet("inventory", demo.usd, docs)).toBe("10.00");
    const rowsBefore = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_entry`))[0].n;

    expect(await repostInventoryInBase(t.db)).toBeGreaterThanOrEqual(1);
    expect(await unitsNet("inventory", demo.usd, docs)).toBe("0.00");
    expect(await unitsNet("inventory", demo.iqd, docs)).toBe("14800.00");
    expect(await unitsNet("supplier", demo.usd, docs)).toBe("-10.00");
    expect(await baseNet("currency_exchange", docs)).toBe("0.00");
    const rowsAfter = (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_entry`))[0].n;
    expect(rowsAfter).toBeGreaterThan(rowsBefore);
    // Once done, it does nothing.
    expect(await repostInventoryInBase(t.db)).toBe(0);
    // A start after the step finds nothing to repost: it opens no transaction per document, ever again.
    expect(await documentsWithForeignInventory(t.db)).toEqual([]);
  });
});
