import { describe, expect, it } from "vitest";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { makeUser } from "../master-data/helpers";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";
import { isoDay, newCustomer } from "./stock-and-dues-helpers";

interface PremiumRow {
  id: number;
  customer: number;
  guarantor_name: string;
  owed: string;
  paid_amount: string;
  remaining: string;
  overdue_amount: string;
  overdue_since: string | null;
  days_overdue: number;
  week_due_amount: string;
  next_due_date: string | null;
}
interface PremiumReport {
  rows: PremiumRow[];
  totals: { currency_code: string; count: number; owed: string; overdue_amount: string }[];
}

let t: TestApp;
let admin: string;
let w: SaleWorld;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
});

/** An installment sale of a service for 900 on credit: three monthly receipts of 300 from `first`. */
async function installmentSale(customer: number, first: string): Promise<number> {
  const res = await t.call<{ id: number }>(admin, "POST", "/api/sale/", {
    branch: w.erbil,
    inventory: w.inv.erbil,
    customer,
    currency: w.iqd,
    payment_type: "debit",
    cashbox: null,
    paid_amount: "0",
    discount: "0",
    input_date: isoDay(-45),
    items: [{ item: w.service, price: "900" }],
    is_premium: true,
    months_count: 3,
    premium_receipt_amount: "300",
    receipt_frequency: "monthly",
    next_receipt_date: first,
    guarantor_name: "Karwan Ali",
    guarantor_phone: "0750 111 2222",
    guarantor_address: "Erbil",
    form_token: formToken("sale"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

const report = (token: string, query: string) => t.call<PremiumReport>(token, "GET", `/api/report/sale-premium/?${query}`);

describe("report/sale-premium/", () => {
  it("an installment past its date is overdue since that date, and leaves the overdue list after a receipt", async () => {
    const customer = await newCustomer(t, admin, w.erbil);
    const first = isoDay(-40);
    const sale = await installmentSale(customer, first);
    const overdue = await report(admin, `status=overdue&customer=${customer}`);
    expect(overdue.status).toBe(200);
    expect(overdue.body.rows).toHaveLength(1);
    const row = overdue.body.rows[0];
    expect(row).toMatchObject({ id: sale, guarantor_name: "Karwan Ali", owed: "900.00", paid_amount: "0.00", remaining: "900.00" });
    expect(row.overdue_since).toBe(first);
    expect(row.days_overdue).toBe(40);
    // 40 days ago and (a month later) about 10 days ago: two receipts of 300 are past their date.
    expect(row.overdue_amount).toBe("600.00");
    expect(overdue.body.totals).toEqual([
      expect.objectContaining({ currency_code: "IQD", count: 1, owed: "900.00", overdue_amount: "600.00" }),
    ]);
    expect((await report(admin, `status=due&customer=${customer}`)).body.rows.map((r) => r.id)).toEqual([sale]);

    const box = w.cash.erbilIqd;
    const paid = await t.call(admin, "POST", "/api/accounting/receipt/", {
      branch: w.erbil,
      customer,
      cashbox: box,
      amount: "600",
      date: isoDay(0),
      note: "",
      form_token: formToken("rc"),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect((await report(admin, `status=overdue&customer=${customer}`)).body.rows).toEqual([]);
    const all = await report(admin, `status=all&customer=${customer}`);
    expect(all.body.rows).toEqual([
      expect.objectContaining({ id: sale, paid_amount: "600.00", remaining: "300.00", overdue_amount: "0.00", overdue_since: null }),
    ]);
    // Without a status: all.
    expect((await report(admin, `customer=${customer}`)).body.rows.map((r) => r.id)).toEqual([sale]);
  });

  it("due this week holds a receipt dated in the coming days; others' branches never appear; 403 without the permission", async () => {
    const customer = await newCustomer(t, admin, w.erbil);
    const sale = await installmentSale(customer, isoDay(0));
    expect((await report(admin, `status=due&customer=${customer}`)).body.rows).toEqual([
      expect.objectContaining({ id: sale, week_due_amount: "300.00", overdue_amount: "0.00", next_due_date: isoDay(0) }),
    ]);
    expect((await report(admin, `status=overdue&customer=${customer}`)).body.rows).toEqual([]);
    const suliOnly = await makeUser(t, ["view_salepremium"], [w.suli]);
    const theirs = await report(suliOnly, "status=all");
    expect(theirs.status).toBe(200);
    expect(theirs.body.rows.map((r) => r.id)).not.toContain(sale);
    const cashier = await t.login("cashier");
    expect((await report(cashier, "status=all")).status).toBe(403);
    expect((await report(admin, "status=late")).status).toBe(400);
  });
});
