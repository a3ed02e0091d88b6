import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { add, mul, toDecimalString } from "../../../src/core/money";
import { queryRows } from "../../../src/server/db/client";
import { withTestApp } from "../support/test-lifecycle";
import type { TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { isoDay, newGoods, purchase, sell, stockWithExpiry } from "./stock-and-dues-helpers";

interface Dashboard {
  today: string;
  branches: number[];
  sales?: {
    today: string;
    today_count: number;
    this_month: string;
    last_month: string;
    by_day: { date: string; branch: number; total: string }[];
    top_items: { item: number; total: string }[];
  };
  cashboxes?: { id: number; branch: number; balance: string }[];
  customers_owe?: { currency_code: string; amount: string }[];
  suppliers_owed?: { currency_code: string; amount: string }[];
  installments?: { due_today: unknown[]; overdue: unknown[] };
  min_quantity?: { count: number };
  expiring?: { count: number; expired_count: number; value: string };
}

const CARDS = ["sales", "cashboxes", "customers_owe", "suppliers_owed", "installments", "min_quantity", "expiring"];

let t: TestApp;
let admin: string;
let w: SaleWorld;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
});

const dashboard = async (token: string, query = "") => {
  const res = await t.call<Dashboard>(token, "GET", `/api/dashboard/${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const cards = (d: Dashboard) => CARDS.filter((c) => c in d);

/** Today's sales of a branch in the base currency, read from the sales themselves. */
async function todaysSales(branch: number): Promise<string> {
  const [row] = await queryRows<{ total: string }>(
    t.db,
    sql`select coalesce(sum((total_price - discount) * exchange_rate), 0)::numeric(18, 2)::text as total from sale
        where branch_id = ${branch} and input_date = ${isoDay(0)} and deleted_at is null`,
  );
  return row.total;
}

describe("dashboard/", () => {
  it("answers every card to a superuser; a sale today moves today's figure, the chart and the month by its net", async () => {
    const before = await dashboard(admin);
    expect(cards(before)).toEqual(CARDS);
    expect(before.branches.sort()).toEqual([w.erbil, w.suli].sort());
    const item = await newGoods(t, admin, { min_quantity: "50" });
    const stock = await purchase(t, admin, w, item, "10");
    await sell(t, admin, w, [{ stock, quantity: "2", price: "50000000" }]);
    const after = await dashboard(admin);
    expect(after.sales!.today).toBe(toDecimalString(add(before.sales!.today, mul("2", "50000000"))));
    expect(after.sales!.today_count).toBe(before.sales!.today_count + 1);
    expect(after.sales!.this_month).toBe(toDecimalString(add(before.sales!.this_month, "100000000")));
    const todayErbil = after.sales!.by_day.find((r) => r.date === isoDay(0) && r.branch === w.erbil);
    expect(todayErbil?.total).toBe(await todaysSales(w.erbil));
    expect(after.sales!.top_items.length).toBeLessThanOrEqual(10);
    // Far above any demo sale: the first of the top items.
    expect(after.sales!.top_items[0]).toMatchObject({ item, total: "100000000.00" });
    // The item now holds 8 of a minimum of 50; a batch expiring in a week is counted with its value.
    expect(after.min_quantity!.count).toBe(before.min_quantity!.count + 1);
    await stockWithExpiry(t, w.inv.erbil, item, "5", isoDay(7), "200");
    const expiring = (await dashboard(admin)).expiring!;
    expect(expiring.count).toBe(before.expiring!.count + 1);
    expect(expiring.value).toBe(toDecimalString(add(before.expiring!.value, "1000")));
  });

  it("leaves out the cards without their permission, and other branches' figures", async () => {
    const suliSales = await makeUser(t, ["view_sale", "view_cashbox"], [w.suli]);
    const mine = await dashboard(suliSales);
    expect(cards(mine)).toEqual(["sales", "cashboxes"]);
    expect(mine.branches).toEqual([w.suli]);
    expect(mine.sales!.today).toBe(await todaysSales(w.suli));
    expect(mine.sales!.by_day.every((r) => r.branch === w.suli)).toBe(true);
    expect(mine.cashboxes!.length).toBeGreaterThan(0);
    expect(mine.cashboxes!.every((c) => c.branch === w.suli)).toBe(true);
    // Asking for a branch not theirs narrows to nothing rather than showing it.
    expect(cards(await dashboard(suliSales, `?branch=${w.erbil}`))).toEqual([]);

    const dues = await makeUser(t, ["view_salepremium", "report_view_expired_item"], [w.erbil]);
    expect(cards(await dashboard(dues))).toEqual(["installments", "expiring"]);
    const ledger = await makeUser(t, ["view_customer_account_statement", "view_supplier_account_statement"], [w.erbil]);
    expect(cards(await dashboard(ledger))).toEqual(["customers_owe", "suppliers_owed"]);
    const nothing = await makeUser(t, [], [w.erbil]);
    expect(cards(await dashboard(nothing))).toEqual([]);
    // Admin narrowed to Erbil sees Erbil's today figure only.
    expect((await dashboard(admin, `?branch=${w.erbil}`)).sales!.today).toBe(await todaysSales(w.erbil));
    expect((await t.call(admin, "GET", "/api/dashboard/?branch=abc")).status).toBe(400);
    expect((await t.call(null, "GET", "/api/dashboard/")).status).toBe(401);
  });

  it("keeps what customers owe and profit by day sums over the ledger when a document is booked into, or removed from, a covered day", async () => {
    // Every key's totals of the covered days against the ledger's own sums of those days.
    const drift = async () =>
      queryRows<{ key: string }>(
        t.db,
        sql`with covered as (select covered_through as d from ledger_day_total_state),
          ledger as (select account_type, ledger_day_total_account(account_type, account_id) as account_id, currency_id, branch_id,
              entry_date, ledger_day_total_document(account_type, document_type) as document_type, sum(debit) as debit,
              sum(credit) as credit, sum(debit * exchange_rate) as debit_base, sum(credit * exchange_rate) as credit_base
            from ledger_entry, covered where entry_date <= covered.d group by 1, 2, 3, 4, 5, 6)
          select concat_ws(' ', account_type, account_id, currency_id, branch_id, entry_date, document_type) as key
          from ledger l full join ledger_day_total t using (account_type, account_id, currency_id, branch_id, entry_date, document_type)
          where (coalesce(l.debit, 0), coalesce(l.credit, 0), coalesce(l.debit_base, 0), coalesce(l.credit_base, 0))
            <> (coalesce(t.debit, 0), coalesce(t.credit, 0), coalesce(t.debit_base, 0), coalesce(t.credit_base, 0))`,
      );
    const owed = (d: Dashboard) => d.customers_owe!.find((r) => r.currency_code === "IQD")?.amount ?? "0.00";
    // Profit by day reads covered days from their totals, by item the documents' lines: the same sums.
    const profitTotals = async (groupBy: string) => {
      const res = await t.call<{ totals: Record<string, string> }>(
        admin,
        "GET",
        `/api/report/profit/?start_date=${isoDay(-9)}&end_date=${isoDay(0)}&group_by=${groupBy}`,
      );
      expect(res.status).toBe(200);
      return res.body.totals;
    };
    const profitAgrees = async () => expect(await profitTotals("day")).toEqual(await profitTotals("item"));
    const before = await dashboard(admin);
    const [state] = await queryRows<{ covered: string }>(t.db, sql`select covered_through::text as covered from ledger_day_total_state`);
    expect(state.covered).toBe(isoDay(-1));
    expect(await drift()).toEqual([]);

    const item = await newGoods(t, admin);
    const stock = await purchase(t, admin, w, item, "10");
    const profitBefore = await profitTotals("day");
    const backdated = await sell(t, admin, w, [{ stock, quantity: "3", price: "7000" }], { input_date: isoDay(-5) });
    expect(await drift()).toEqual([]);
    await profitAgrees();
    expect((await profitTotals("day")).revenue).toBe(toDecimalString(add(profitBefore.revenue, "21000")));
    expect(owed(await dashboard(admin))).toBe(toDecimalString(add(owed(before), "21000")));

    expect((await t.call(admin, "DELETE", `/api/sale/${backdated}/`)).status).toBe(200);
    expect(await drift()).toEqual([]);
    expect(owed(await dashboard(admin))).toBe(owed(before));
    expect(await profitTotals("day")).toEqual(profitBefore);
  });
});
