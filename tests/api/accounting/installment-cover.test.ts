import { describe, expect, it } from "vitest";
import type { CoveringPayment } from "../../../src/core/installments";
import { withTestApp } from "../support/test-lifecycle";
import { formToken, type TestApp } from "../support/test-app";
import { signInSaleWorld, type SaleWorld } from "../sale/helpers";

/**
 * An installment sale's schedule says which instalments the receipts covered: what was
 * paid with the sale first, then the receipts by date, each filling the earliest open instalment.
 */

let t: TestApp;
let admin: string;
let w: SaleWorld;

withTestApp(async (app) => {
  t = app;
  ({ w, admin } = await signInSaleWorld(t, "admin"));
});

interface Schedule {
  receipts: { index: number; paid: string; due: string }[];
  coverage: { index: number; covered_by: CoveringPayment[] }[];
}

describe("sale/:id/premium-schedule/ coverage", () => {
  it("names the sale's own payment and each receipt against the instalments they covered", async () => {
    const customer = await t.call<{ id: number }>(admin, "POST", "/api/customer/", {
      name: `Installment customer ${Date.now()}`,
      branch: w.erbil,
      form_token: formToken("cu"),
    });
    const sale = await t.call<{ id: number }>(admin, "POST", "/api/sale/", {
      branch: w.erbil,
      inventory: w.inv.erbil,
      customer: customer.body.id,
      currency: w.iqd,
      payment_type: "cash",
      cashbox: w.cash.erbilIqd,
      paid_amount: "100",
      discount: "0",
      input_date: "2026-01-01",
      items: [{ item: w.service, price: "1000" }],
      is_premium: true,
      months_count: 3,
      premium_receipt_amount: "300",
      receipt_frequency: "monthly",
      next_receipt_date: "2026-02-01",
      form_token: formToken("sale"),
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const receipt = async (amount: string, date: string) => {
      const res = await t.call<{ id: number; invoice_no: number }>(admin, "POST", "/api/accounting/receipt/", {
        branch: w.erbil,
        customer: customer.body.id,
        cashbox: w.cash.erbilIqd,
        amount,
        date,
        note: "",
        form_token: formToken("rc"),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const later = await receipt("400", "2026-03-02");
    const first = await receipt("250", "2026-02-02");

    const schedule = await t.call<Schedule>(admin, "GET", `/api/sale/${sale.body.id}/premium-schedule/?date=2026-03-10`);
    expect(schedule.status).toBe(200);
    expect(schedule.body.receipts.map((r) => [r.index, r.paid, r.due])).toEqual([
      [1, "300.00", "0.00"],
      [2, "300.00", "0.00"],
      [3, "150.00", "250.00"],
    ]);
    const at = (index: number) => schedule.body.coverage.find((c) => c.index === index)?.covered_by;
    expect(at(1)).toEqual([
      { receipt: null, receipt_no: null, amount: "100.00" },
      { receipt: first.id, receipt_no: first.invoice_no, amount: "200.00" },
    ]);
    expect(at(2)).toEqual([
      { receipt: first.id, receipt_no: first.invoice_no, amount: "50.00" },
      { receipt: later.id, receipt_no: later.invoice_no, amount: "250.00" },
    ]);
    expect(at(3)).toEqual([{ receipt: later.id, receipt_no: later.invoice_no, amount: "150.00" }]);
  });
});
