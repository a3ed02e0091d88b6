import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { toIsoDate } from "../../../src/core/dates";
import { queryRows } from "../../../src/server/db/client";
import type { Created } from "../support/json";
import type { TestApp } from "../support/test-app";
import { newItem, post, purchaseBody, stockRows, withPurchaseDemo, type Demo, type PurchaseAnswer } from "../purchase/helpers";

/**
 * A customer's credit note in USD, left by a return at 1,480 and used by a receipt when the customer's
 * debt stands at 1,300: the note leaves at its own booked rate, the difference goes to exchange gains and
 * losses, the credit-note account ends at zero in USD and in IQD, and the books balance.
 * Also `sale/credit-note/`, the list of open notes the receipt form offers.
 */
let t: TestApp;
let admin: string;
let demo: Demo;
withPurchaseDemo((context) => ({ t, admin, demo } = context));

const TODAY = toIsoDate(new Date());

interface TrialBalance {
  totals: Record<"opening_debit" | "opening_credit" | "debit" | "credit" | "closing_debit" | "closing_credit", string>;
}

/** debit - credit of an account's lines, in units of one currency and in the base currency (each line at its rate, to cents). */
async function net(accountType: string, where: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ units: string; base: string }>(
    t.db,
    sql`select coalesce(sum(debit - credit), 0)::numeric(20, 2)::text as units,
          coalesce(sum(round(debit * exchange_rate, 2) - round(credit * exchange_rate, 2)), 0)::numeric(20, 2)::text as base
        from ledger_entry where account_type = ${accountType} and ${where}`,
  );
  return row;
}

const openNotes = (token: string, query: string) =>
  t.call<{ count: number; results: { id: number; currency: number; amount: string; used: string; open: string; exchange_rate: string }[] }>(
    token,
    "GET",
    `/api/sale/credit-note/?${query}`,
  );

async function usdSale(customer: number, stock: number, rate: string, quantity: string, price: string, paid: boolean) {
  const res = await post<Created>(t, admin, "sale/", {
    branch: demo.erbil,
    inventory: demo.inventories.erbil[0],
    customer,
    currency: demo.usd,
    exchange_rate: rate,
    payment_type: paid ? "cash" : "debit",
    cashbox: paid ? demo.cashboxes.erbil.usd : null,
    paid_amount: paid ? String(Number(quantity) * Number(price)) : "0",
    discount: "0",
    items: [{ stock, quantity, price }],
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe("a USD credit note used at another rate", () => {
  it("posts the use at the note's booked rate and the difference to exchange gains and losses", async () => {
    const customer = (await post<Created>(t, admin, "customer/", { name: `FX note customer ${Date.now()}`, branch: demo.erbil })).body.id;
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
    const [stock] = await stockRows(t, demo.inventories.erbil[0], itemId);

    const paidSale = await usdSale(customer, stock.id, "1480", "2", "100", true);
    const note = await post<{ id: number; credit_note_amount: string }>(t, admin, "sale-return/", {
      sale: paidSale,
      items: [{ stock: stock.id, quantity: "1", price: "100" }],
      credit_note: true,
    });
    expect([note.status, note.body.credit_note_amount]).toEqual([201, "100.00"]);
    const owing = await usdSale(customer, stock.id, "1300", "1", "150", false);
    expect((await post(t, admin, "accounting/exchange-rate/", { currency: demo.usd, rate: "1300", input_date: TODAY })).status).toBe(201);

    const listed = await openNotes(admin, `customer=${customer}&currency=${demo.usd}`);
    expect(listed.status).toBe(200);
    expect(listed.body.results).toEqual([
      expect.objectContaining({
        id: note.body.id,
        currency: demo.usd,
        amount: "100.00",
        used: "0.00",
        open: "100.00",
        exchange_rate: "1480.000000",
      }),
    ]);
    expect((await openNotes(admin, `customer=${customer}&currency=${demo.iqd}`)).body.count).toBe(0);

    const receipt = await post<Created & { credit_notes: { credit_note: number; amount: string }[] }>(t, admin, "accounting/receipt/", {
      branch: demo.erbil,
      customer,
      cashbox: demo.cashboxes.erbil.usd,
      amount: "50",
      note: "",
      sales: [{ sale: owing, amount: "150" }],
      credit_notes: [{ credit_note: note.body.id, amount: "100" }],
    });
    expect(receipt.status).toBe(201);
    const ofReceipt = sql`document_type = 'receipt' and document_id = ${receipt.body.id}`;
    // The note was worth 148,000 IQD, the debt it settles 130,000: an 18,000 IQD gain (a credit).
    expect((await net("exchange_gain_loss", ofReceipt)).base).toBe("-18000.00");
    expect((await net("currency_exchange", ofReceipt)).base).toBe("0.00");
    const ofCustomer = sql`account_id = ${customer}`;
    expect(await net("customer_credit", ofCustomer)).toEqual({ units: "0.00", base: "0.00" });
    expect(await net("customer", ofCustomer)).toEqual({ units: "0.00", base: "0.00" });
    expect((await openNotes(admin, `customer=${customer}`)).body.count).toBe(0);

    for (const query of [`start_date=${TODAY}&end_date=${TODAY}`, `start_date=${TODAY}&end_date=${TODAY}&currency=${demo.usd}`]) {
      const tb = await t.call<TrialBalance>(admin, "GET", `/api/accounting/trial-balance/?${query}`);
      expect(tb.status, query).toBe(200);
      expect(tb.body.totals.debit).toBe(tb.body.totals.credit);
      expect(tb.body.totals.closing_debit).toBe(tb.body.totals.closing_credit);
    }

    // Deleted, the receipt reverses its gain and gives the note back.
    expect((await t.call(admin, "DELETE", `/api/accounting/receipt/${receipt.body.id}/`)).status).toBe(200);
    expect((await net("exchange_gain_loss", ofReceipt)).base).toBe("0.00");
    expect((await openNotes(admin, `customer=${customer}`)).body.results.map((r) => r.open)).toEqual(["100.00"]);
  });
});

describe("sale/credit-note/ (open customer credit notes)", () => {
  it("is in the API description with its filters, as every list", async () => {
    const doc = await t.call<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>(null, "GET", "/api/openapi.json");
    for (const [path, party] of [
      ["/api/sale/credit-note/", "customer"],
      ["/api/purchase/credit-note/", "supplier"],
    ]) {
      const names = (doc.body.paths[path]?.get?.parameters ?? []).map((p) => p.name);
      expect(names, path).toEqual(expect.arrayContaining([party, "currency", "branch"]));
    }
  });

  it("is behind view_salereturn; bad parameters are a 400", async () => {
    const cashier = await t.login("cashier");
    expect((await openNotes(cashier, "")).status).toBe(403);
    for (const query of ["customer=abc", "currency=0", "supplier=1", "date_after=someday"]) {
      expect((await openNotes(admin, query)).status, query).toBe(400);
    }
  });
});
