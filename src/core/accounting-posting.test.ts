import { describe, expect, it } from "vitest";
import { postCapital, postCashboxAdjustment, postDebitInvoice, postMoneyConversion } from "./accounting-posting";
import type { PostingLine } from "./posting";

const shape = (lines: PostingLine[]) => lines.map((l) => [l.account_type, l.account_id, l.currency_id, l.debit, l.credit]);

describe("postMoneyConversion", () => {
  it("balances each currency through the clearing account", () => {
    const lines = postMoneyConversion({
      from_cashbox_id: 4,
      to_cashbox_id: 9,
      from: { currency_id: 2, exchange_rate: "1480" },
      to: { currency_id: 1, exchange_rate: "1" },
      amount: "100",
      amount_in: "148000",
      base_currency_id: 1,
    });
    expect(shape(lines)).toEqual([
      ["currency_exchange", null, 2, "100.00", "0.00"],
      ["cashbox", 4, 2, "0.00", "100.00"],
      ["cashbox", 9, 1, "148000.00", "0.00"],
      ["currency_exchange", null, 1, "0.00", "148000.00"],
    ]);
    expect(lines.map((l) => l.exchange_rate)).toEqual(["1480.000000", "1480.000000", "1.000000", "1.000000"]);
  });
});

describe("postCashboxAdjustment", () => {
  it("books a surplus in and a shortage out", () => {
    const ctx = { currency_id: 1, exchange_rate: "1", cashbox_id: 3 };
    expect(shape(postCashboxAdjustment({ ...ctx, amount: "25" }))).toEqual([
      ["cashbox", 3, 1, "25.00", "0.00"],
      ["cash_over_short", null, 1, "0.00", "25.00"],
    ]);
    expect(shape(postCashboxAdjustment({ ...ctx, amount: "-7.5" }))).toEqual([
      ["cash_over_short", null, 1, "7.50", "0.00"],
      ["cashbox", 3, 1, "0.00", "7.50"],
    ]);
    expect(postCashboxAdjustment({ ...ctx, amount: "0" })).toEqual([]);
  });
});

describe("postCapital", () => {
  it("puts money in against the partner's capital and draws it out", () => {
    const ctx = { currency_id: 1, exchange_rate: "1", cashbox_id: 3, amount: "1000" };
    expect(shape(postCapital({ ...ctx, direction: "in", partner_id: 5 }))).toEqual([
      ["cashbox", 3, 1, "1000.00", "0.00"],
      ["capital", 5, 1, "0.00", "1000.00"],
    ]);
    expect(shape(postCapital({ ...ctx, direction: "out", partner_id: null }))).toEqual([
      ["capital", null, 1, "1000.00", "0.00"],
      ["cashbox", 3, 1, "0.00", "1000.00"],
    ]);
  });
});

describe("postDebitInvoice", () => {
  it("raises what a customer owes (debit) and what we owe a supplier (credit)", () => {
    const ctx = { currency_id: 2, exchange_rate: "1480", party_id: 7, amount: "50" };
    expect(shape(postDebitInvoice({ ...ctx, party: "customer" }))).toEqual([
      ["customer", 7, 2, "50.00", "0.00"],
      ["debit_invoice", null, 2, "0.00", "50.00"],
    ]);
    expect(shape(postDebitInvoice({ ...ctx, party: "supplier" }))).toEqual([
      ["debit_invoice", null, 2, "50.00", "0.00"],
      ["supplier", 7, 2, "0.00", "50.00"],
    ]);
  });
});
