import { describe, expect, it } from "vitest";
import { lineFromStock } from "../../../components/document/document-lines";
import { checkSale, emptySale, saleBody, serverErrors } from "./sale-form-rules";

const line = (quantity: string, available = "5") => ({
  ...lineFromStock({ id: 1, quantity: available, sale_price: "1000", item: { id: 2, name: "Tea", barcode: "1", item_type: 1 } }),
  quantity,
});

describe("checkSale", () => {
  it("asks for inventory, customer, lines and exchange rate", () => {
    const errors = checkSale({ ...emptySale("2026-11-21"), exchange_rate: "" }, { checkStock: true });
    expect(errors).toMatchObject({
      inventory: "Select inventory",
      customer: "Select a customer",
      exchange_rate: "Please enter exchange rate",
      items: "This field is required",
    });
  });
  it("wants a cashbox for money paid and flags lines above the stock", () => {
    const v = { ...emptySale("2026-11-21"), branch: 1, inventory: 1, customer: 1, currency: 1, items: [line("6")], paid_amount: "1000" };
    const errors = checkSale(v, { checkStock: true });
    expect(errors.cashbox).toBe("Cashbox is required");
    expect(errors.lines).toEqual({ 0: "Quantity is greater than stock quantity" });
  });
  it("wants a cashbox for a cash sale with nothing paid yet, not for a sale on credit", () => {
    const v = { ...emptySale("2026-11-21"), branch: 1, inventory: 1, customer: 1, currency: 1, items: [line("1")], paid_amount: "0" };
    expect(checkSale({ ...v, payment_type: "cash" }, { checkStock: true }).cashbox).toBe("Cashbox is required");
    expect(checkSale({ ...v, payment_type: "debit" }, { checkStock: true }).cashbox).toBeUndefined();
    expect(checkSale({ ...v, payment_type: "cash", cashbox: 3 }, { checkStock: true }).cashbox).toBeUndefined();
  });
  it("passes a complete cash sale and requires the plan of an installment sale", () => {
    const v = {
      ...emptySale("2026-11-21"),
      branch: 1,
      inventory: 1,
      customer: 1,
      currency: 1,
      items: [line("2")],
      paid_amount: "2000",
      cashbox: 3,
    };
    expect(checkSale(v, { checkStock: true })).toEqual({});
    expect(checkSale({ ...v, is_premium: true }, { checkStock: true })).toMatchObject({
      premium_receipt_amount: "This field is required",
      next_receipt_date: "This field is required",
    });
  });
});

describe("checkSale dates", () => {
  it("refuses a typed date that is not one before anything is sent (offline it would wait in the outbox)", () => {
    const v = {
      ...emptySale("2026-11-21"),
      branch: 1,
      inventory: 1,
      customer: 1,
      currency: 1,
      items: [line("2")],
      paid_amount: "2000",
      cashbox: 3,
    };
    expect(checkSale({ ...v, input_date: "31/02/2026" }, { checkStock: true })).toEqual({ input_date: "must be a valid date" });
    expect(checkSale({ ...v, input_date: "" }, { checkStock: true })).toEqual({});
    const plan = { ...v, is_premium: true, premium_receipt_amount: "500", next_receipt_date: "2026-13-01" };
    expect(checkSale(plan, { checkStock: true })).toEqual({ next_receipt_date: "must be a valid date" });
  });
});

describe("saleBody", () => {
  it("sends the contract's fields", () => {
    const body = saleBody({
      ...emptySale("2026-11-21"),
      branch: 1,
      inventory: 2,
      customer: 3,
      currency: 4,
      items: [line("2")],
      paid_amount: "2000",
      cashbox: 5,
    });
    expect(body).toMatchObject({
      branch: 1,
      inventory: 2,
      customer: 3,
      currency: 4,
      payment_type: "cash",
      cashbox: 5,
      paid_amount: "2000",
      discount: "0",
      is_premium: false,
      months_count: null,
    });
    expect(body.items).toEqual([{ stock: 1, quantity: "2", price: "1000.00", fee: "0", discount: "0" }]);
  });
});

describe("serverErrors", () => {
  it("maps field and line errors", () => {
    expect(serverErrors({ cashbox: ["Cashbox is required"], "items.1.quantity": ["Quantity is greater than stock quantity"] })).toEqual({
      cashbox: "Cashbox is required",
      lines: { 1: "Quantity is greater than stock quantity" },
    });
    expect(serverErrors({ items: [{}, { quantity: ["No enough quantity available"] }] })).toEqual({
      lines: { 1: "No enough quantity available" },
    });
  });
});
