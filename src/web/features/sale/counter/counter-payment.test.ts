import { describe, expect, it } from "vitest";
import type { CashboxRef } from "../../../../core/api-types";
import { payOutcome, tenderCurrencies } from "./counter-payment";

const iqd = { id: 1, code: "IQD", name: "Dinar", symbol: "IQD" };
const usd = { id: 2, code: "USD", name: "Dollar", symbol: "$" };
const boxes = [
  { id: 11, name: "USD drawer", branch_id: 1, currency: usd },
  { id: 10, name: "IQD drawer", branch_id: 1, currency: iqd },
  { id: 12, name: "IQD second", branch_id: 1, currency: iqd },
  { id: 20, name: "Other branch", branch_id: 2, currency: iqd },
] as unknown as CashboxRef[];
const rateOf = (id: number) => (id === 2 ? "1500" : "");

describe("the counter's Pay dialog", () => {
  it("takes each currency into the user's first cashbox of it in the branch, base first", () => {
    expect(tenderCurrencies(boxes, 1, rateOf, 1)).toEqual([
      { currencyId: 1, code: "IQD", cashboxId: 10, rate: "1" },
      { currencyId: 2, code: "USD", cashboxId: 11, rate: "1500" },
    ]);
  });

  it("turns dollars and dinars handed over into payments and change in dinars", () => {
    const currencies = tenderCurrencies(boxes, 1, rateOf, 1);
    const o = payOutcome("95000", "1", currencies, { amounts: { 1: "25000", 2: "50" }, changeCurrencyId: 1 });
    expect(o.payments).toEqual([
      { cashbox: 10, amount: "25000.00", exchange_rate: "1" },
      { cashbox: 11, amount: "50.00", exchange_rate: "1500" },
    ]);
    expect(o.changeTender).toEqual({ cashbox: 10, amount: "5000.00", exchange_rate: "1" });
    expect(o.paid).toBe("95000.00");
  });

  it("leaves a shortfall on account and gives no change", () => {
    const o = payOutcome("95000", "1", tenderCurrencies(boxes, 1, rateOf, 1), { amounts: { 2: "20" }, changeCurrencyId: 2 });
    expect(o).toMatchObject({ paid: "30000.00", remaining: "65000.00", change: "0.00" });
    expect(o.changeTender).toBeNull();
  });

  it("saves Cash only when paid covers the sale, by the server's rule, also when the figures differ by under a fils", () => {
    const currencies = tenderCurrencies(boxes, 1, rateOf, 1);
    expect(payOutcome("95000", "1", currencies, { amounts: { 1: "95000" }, changeCurrencyId: 1 }).paymentType).toBe("cash");
    expect(payOutcome("95000", "1", currencies, { amounts: { 2: "20" }, changeCurrencyId: 1 }).paymentType).toBe("debit");
    // A weighed line's total worked out on the device: 1000.004 is stored as 1000.00, which 1000 covers.
    const under = payOutcome("1000.004", "1", currencies, { amounts: { 1: "1000" }, changeCurrencyId: 1 });
    expect(under).toMatchObject({ paid: "1000.00", remaining: "0.00", paymentType: "cash" });
    // 1000.006 is stored as 1000.01: a fils short of it is on account.
    const short = payOutcome("1000.006", "1", currencies, { amounts: { 1: "1000" }, changeCurrencyId: 1 });
    expect(short).toMatchObject({ remaining: "0.01", paymentType: "debit" });
    // A dollar sale paid in dinars: 14,993 IQD at 1,500 is 9.9953 USD, booked as 10.00, which covers 10 USD.
    const dollarSale = payOutcome("10", "1500", currencies, { amounts: { 1: "14993" }, changeCurrencyId: 1 });
    expect(dollarSale).toMatchObject({ paid: "10.00", paymentType: "cash" });
  });
});
