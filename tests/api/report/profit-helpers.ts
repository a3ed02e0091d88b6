import { expect } from "vitest";
import type { TestApp } from "../support/test-app";
import { debitSaleBody, post, type SaleWorld } from "../sale/helpers";

/** What GET report/profit/ answers. */
export interface ProfitSums {
  revenue: string;
  cost: string;
  returns: string;
  discount: string;
  profit: string;
}
export interface ProfitAnswer {
  currency: { id: number; code: string } | null;
  rows: (ProfitSums & { key: string; label: string })[];
  totals: ProfitSums;
}

export const profit = (t: TestApp, token: string, query: string) => t.call<ProfitAnswer>(token, "GET", `/api/report/profit/?${query}`);

/** A purchase of `quantity` of the item into the world's Erbil inventory at `price` (IQD), on `date`; answers its stock row. */
export async function buy(
  t: TestApp,
  admin: string,
  w: SaleWorld,
  supplier: number,
  itemId: number,
  quantity: string,
  price: string,
  date: string,
) {
  const res = await post<{ items: { stock: number }[] }>(t, admin, "purchase/", {
    branch: w.erbil,
    inventory: w.inv.erbil,
    supplier,
    currency: w.iqd,
    payment_type: "debit",
    cashbox: null,
    paid_amount: "0",
    discount: "0",
    input_date: date,
    items: [{ item: itemId, quantity, purchase_price: price, sale_price: price, batch_number: `P-${date}-${itemId}`, expire_date: null }],
  });
  expect(res.status).toBe(201);
  return res.body.items[0].stock;
}

/** A sale on credit to Aram Market (Erbil) of the lines (stock rows, or services by item), on `date`. */
export async function sell(
  t: TestApp,
  admin: string,
  w: SaleWorld,
  lines: Record<string, unknown>[],
  date: string,
  extra: Record<string, unknown> = {},
) {
  const res = await post<{ id: number; invoice_no: number }>(t, admin, "sale/", debitSaleBody(w, lines, { input_date: date, ...extra }));
  expect(res.status).toBe(201);
  return res.body;
}

export async function giveBack(
  t: TestApp,
  admin: string,
  saleId: number,
  lines: { stock: number; quantity: string; price: string }[],
  date: string,
) {
  const res = await post<{ id: number }>(t, admin, "sale-return/", { sale: saleId, input_date: date, items: lines });
  expect(res.status).toBe(201);
  return res.body;
}
