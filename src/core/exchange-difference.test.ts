import { describe, expect, it } from "vitest";
import { postMoneyConversion } from "./accounting-posting";
import { bookRate, clearingBaseNet, inventoryInBase, lineBaseValue } from "./exchange-difference";
import { sum } from "./money";
import { postPayment, postPurchase, postPurchaseReturn, postReceipt, type PostingLine } from "./posting";

const IQD = 1;
const USD = 2;

const shape = (lines: PostingLine[]) => lines.map((l) => [l.account_type, l.currency_id, l.debit, l.credit, l.exchange_rate]);

/** debit - credit of an account in the base currency, each line at its rate. */
const baseNet = (lines: PostingLine[], type: string) =>
  sum(
    lines
      .filter((l) => l.account_type === type)
      .map((l) => lineBaseValue(l.debit, l.exchange_rate).minus(lineBaseValue(l.credit, l.exchange_rate))),
  ).toFixed(2);

/** Each currency's lines balance in units and, at their rates, in the base currency. */
function expectBalancedInBase(lines: PostingLine[]) {
  for (const currency of new Set(lines.map((l) => l.currency_id))) {
    const own = lines.filter((l) => l.currency_id === currency);
    expect(sum(own.map((l) => l.debit)).toFixed(2)).toBe(sum(own.map((l) => l.credit)).toFixed(2));
  }
  const base = (side: "debit" | "credit") => sum(lines.map((l) => lineBaseValue(l[side], l.exchange_rate))).toFixed(2);
  expect(base("debit")).toBe(base("credit"));
}

describe("book rate", () => {
  it("is the base value held per unit: a moving average of what came in", () => {
    // 1,000 USD in at 1,480 and 500 at 1,300: 2,130,000 IQD for 1,500 USD.
    expect(bookRate({ units: "1500", base: "2130000" }, "1310")).toBe("1420.000000");
    expect(bookRate({ units: "3", base: "4441" }, "1310")).toBe("1480.333333");
  });

  it("reads a liability (credit balance) the same way", () => {
    expect(bookRate({ units: "-200", base: "-296000" }, "1310")).toBe("1480.000000");
  });

  it("falls back to today's rate when nothing is held or value and units disagree", () => {
    expect(bookRate({ units: "0", base: "0" }, "1310")).toBe("1310.000000");
    expect(bookRate({ units: "0", base: "35" }, "1310")).toBe("1310.000000");
    expect(bookRate({ units: "0.01", base: "-3" }, "1310")).toBe("1310.000000");
  });

  it("values a line at its rate to cents", () => {
    expect(lineBaseValue("100.37", "1480.5").toFixed(2)).toBe("148597.79");
  });
});

describe("inventory in the base currency", () => {
  it("a USD purchase owes the supplier in USD and debits inventory in IQD, through the clearing", () => {
    const lines = postPurchase({
      base_currency_id: IQD,
      supplier_id: 4,
      cashbox_id: 7,
      currency_id: USD,
      exchange_rate: "1480",
      total_price: "1000",
      discount: "100",
      paid_amount: "200",
    });
    expect(shape(lines)).toEqual([
      ["currency_exchange", USD, "900.00", "0.00", "1480.000000"],
      ["supplier", USD, "0.00", "900.00", "1480.000000"],
      ["inventory", IQD, "1332000.00", "0.00", "1.000000"],
      ["currency_exchange", IQD, "0.00", "1332000.00", "1.000000"],
      ["supplier", USD, "200.00", "0.00", "1480.000000"],
      ["cashbox", USD, "0.00", "200.00", "1480.000000"],
    ]);
    expect(clearingBaseNet(lines)).toBe("0.00");
    expectBalancedInBase(lines);
  });

  it("a USD purchase return credits inventory in IQD", () => {
    const lines = postPurchaseReturn({
      base_currency_id: IQD,
      supplier_id: 4,
      currency_id: USD,
      exchange_rate: "1480",
      total_price: "10.5",
    });
    expect(lines.filter((l) => l.account_type === "inventory")).toEqual([
      { account_type: "inventory", account_id: null, currency_id: IQD, debit: "0.00", credit: "15540.00", exchange_rate: "1.000000" },
    ]);
    expect(baseNet(lines, "supplier")).toBe("15540.00");
    expect(clearingBaseNet(lines)).toBe("0.00");
    expectBalancedInBase(lines);
  });

  it("a purchase in the base currency is one transfer, as before", () => {
    const lines = postPurchase({
      base_currency_id: IQD,
      supplier_id: 4,
      cashbox_id: null,
      currency_id: IQD,
      exchange_rate: 1,
      total_price: "50",
      discount: "0",
      paid_amount: "0",
    });
    expect(shape(lines)).toEqual([
      ["inventory", IQD, "50.00", "0.00", "1.000000"],
      ["supplier", IQD, "0.00", "50.00", "1.000000"],
    ]);
  });
});

describe("exchange gains and losses", () => {
  const conversion = (from: [number, string], to: [number, string], amount: string, amountIn: string) =>
    postMoneyConversion({
      from_cashbox_id: 1,
      to_cashbox_id: 2,
      from: { currency_id: from[0], exchange_rate: from[1] },
      to: { currency_id: to[0], exchange_rate: to[1] },
      amount,
      amount_in: amountIn,
      base_currency_id: IQD,
    });

  it("IQD to USD at 1,480 and back at 1,300 realises a 180,000 IQD loss and leaves the clearing at zero", () => {
    const out = conversion([IQD, "1"], [USD, "1480"], "1480000", "1000");
    expect(out.some((l) => l.account_type === "exchange_gain_loss")).toBe(false);
    // Back: the USD leaves at the cashbox's book rate (1,480), 1,300,000 IQD comes in.
    const back = conversion([USD, "1480"], [IQD, "1"], "1000", "1300000");
    expect(baseNet(back, "exchange_gain_loss")).toBe("180000.00");
    expect(clearingBaseNet([...out, ...back])).toBe("0.00");
    expectBalancedInBase(back);
  });

  it("a conversion above the book rate is a gain", () => {
    const lines = conversion([USD, "1300"], [IQD, "1"], "100", "148000");
    expect(baseNet(lines, "exchange_gain_loss")).toBe("-18000.00");
    expect(clearingBaseNet(lines)).toBe("0.00");
  });

  it("a USD receipt at another rate than the debt was booked at: the difference is realised", () => {
    // The customer owes 100 USD booked at 1,480; the money comes in at 1,300.
    const lines = postReceipt({
      currency_id: USD,
      exchange_rate: "1300",
      customer_id: 9,
      cashbox_id: 3,
      amount: "100",
      base_currency_id: IQD,
      party_rate: "1480",
    });
    expect(baseNet(lines, "customer")).toBe("-148000.00");
    expect(baseNet(lines, "cashbox")).toBe("130000.00");
    expect(baseNet(lines, "exchange_gain_loss")).toBe("18000.00");
    expect(clearingBaseNet(lines)).toBe("0.00");
    expectBalancedInBase(lines);
    // Statements in USD see 100 USD either way.
    expect(lines.filter((l) => l.account_type === "customer").map((l) => l.credit)).toEqual(["100.00"]);
  });

  it("a USD payment relieves the supplier's debt and the cashbox's money each at its book rate", () => {
    const lines = postPayment({
      currency_id: USD,
      exchange_rate: "1310",
      supplier_id: 4,
      cashbox_id: 3,
      amount: "50",
      base_currency_id: IQD,
      party_rate: "1300",
      cashbox_rate: "1480",
    });
    expect(baseNet(lines, "supplier")).toBe("65000.00");
    expect(baseNet(lines, "cashbox")).toBe("-74000.00");
    expect(baseNet(lines, "exchange_gain_loss")).toBe("9000.00");
    expect(clearingBaseNet(lines)).toBe("0.00");
    expectBalancedInBase(lines);
  });

  it("a settlement at one rate is a plain transfer", () => {
    const lines = postReceipt({
      currency_id: USD,
      exchange_rate: "1300",
      customer_id: 9,
      cashbox_id: 3,
      amount: "100",
      party_rate: "1300",
    });
    expect(lines.map((l) => l.account_type)).toEqual(["cashbox", "customer"]);
  });
});

describe("postings booked before inventory was kept in base", () => {
  it("become today's posting: inventory in base through the clearing, nothing else changed", () => {
    const old: PostingLine[] = [
      { account_type: "inventory", account_id: null, currency_id: USD, debit: "900.00", credit: "0.00", exchange_rate: "1480.000000" },
      { account_type: "supplier", account_id: 4, currency_id: USD, debit: "0.00", credit: "900.00", exchange_rate: "1480.000000" },
    ];
    const today = postPurchase({
      base_currency_id: IQD,
      supplier_id: 4,
      cashbox_id: null,
      currency_id: USD,
      exchange_rate: "1480",
      total_price: "900",
      discount: "0",
      paid_amount: "0",
    });
    const fixed = inventoryInBase(old, IQD)!;
    const sorted = (lines: PostingLine[]) => shape(lines).map(String).sort();
    expect(sorted(fixed)).toEqual(sorted(today));
    expect(inventoryInBase(fixed, IQD)).toBeNull();
  });
});
