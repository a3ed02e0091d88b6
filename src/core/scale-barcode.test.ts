import { describe, expect, it } from "vitest";
import {
  ean13CheckDigit,
  isScaleItemCode,
  isValidEan13,
  parseScaleRules,
  readScaleLabel,
  scaleBarcodeRulesSchema,
  scaleItemBarcodes,
  scaleLine,
  type ScaleBarcodeRule,
} from "./scale-barcode";

const weight: ScaleBarcodeRule = { prefix: "21", item_digits: 5, value: "weight", decimals: 3 };
const price: ScaleBarcodeRule = { prefix: "22", item_digits: 5, value: "price", decimals: 0 };

/** A label of the 12 given digits with its check digit. */
const label = (body: string) => `${body}${ean13CheckDigit(body)}`;

describe("EAN-13 check digit", () => {
  it("weighs the digits 1, 3, 1, 3... from the left", () => {
    expect(ean13CheckDigit("215432101250")).toBe(6);
    expect(ean13CheckDigit("400638133393")).toBe(1); // 4006381333931, a published example
    expect(ean13CheckDigit("000000000000")).toBe(0);
  });
  it("validates a whole code", () => {
    expect(isValidEan13("2154321012506")).toBe(true);
    expect(isValidEan13("2154321012507")).toBe(false);
    expect(isValidEan13("215432101250")).toBe(false);
    expect(isValidEan13("21543210125O6")).toBe(false);
  });
});

describe("readScaleLabel", () => {
  it("reads item 54321 weighing 1.250 from 2154321012506", () => {
    expect(readScaleLabel("2154321012506", [weight])).toEqual({ itemCode: "54321", value: "weight", amount: "1.250" });
  });
  it("reads a price without decimals", () => {
    expect(readScaleLabel(label("220012302500"), [weight, price])).toEqual({ itemCode: "00123", value: "price", amount: "2500" });
  });
  it("takes the first rule whose prefix the code starts with", () => {
    const wide: ScaleBarcodeRule = { prefix: "2", item_digits: 6, value: "price", decimals: 2 };
    expect(readScaleLabel("2154321012506", [weight, wide])?.value).toBe("weight");
    expect(readScaleLabel("2154321012506", [wide, weight])).toEqual({ itemCode: "154321", value: "price", amount: "12.50" });
  });
  it("is no label with a wrong check digit, another prefix, another length or no item number", () => {
    expect(readScaleLabel("2154321012507", [weight])).toBeNull();
    expect(readScaleLabel(label("235432101250"), [weight])).toBeNull();
    expect(readScaleLabel("21543210125", [weight])).toBeNull();
    expect(readScaleLabel(label("210000001250"), [weight])).toBeNull();
    expect(readScaleLabel("2154321012506", [])).toBeNull();
  });
  it("reads a zero weight as 0.000", () => {
    expect(readScaleLabel(label("215432100000"), [weight])?.amount).toBe("0.000");
  });
});

describe("the item's barcode, leading zeros aside", () => {
  it("matches the product number with or without leading zeros", () => {
    expect(isScaleItemCode("54321", "54321")).toBe(true);
    expect(isScaleItemCode("054321", "54321")).toBe(true);
    expect(isScaleItemCode("123", "00123")).toBe(true);
    expect(isScaleItemCode("1234", "00123")).toBe(false);
    expect(isScaleItemCode("A123", "00123")).toBe(false);
    expect(isScaleItemCode(null, "00123")).toBe(false);
  });
  it("lists the barcodes an exact look-up tries", () => {
    const codes = scaleItemBarcodes("00123");
    expect(codes[0]).toBe("123");
    expect(codes).toContain("00123");
    expect(codes.at(-1)).toBe("0000000000123");
    expect(scaleItemBarcodes("000")).toEqual([]);
  });
});

describe("scaleLine", () => {
  it("sells a weight at the unit price", () => {
    expect(scaleLine({ value: "weight", amount: "1.250" }, "8000")).toEqual({ quantity: "1.250", price: "8000.00" });
  });
  it("turns a price into the quantity at the unit price, to the gram", () => {
    expect(scaleLine({ value: "price", amount: "2500" }, "10000")).toEqual({ quantity: "0.250", price: "10000.00" });
    expect(scaleLine({ value: "price", amount: "2500" }, "3000")).toEqual({ quantity: "0.833", price: "3000.00" });
  });
  it("sells one at the label's price when the item has no price", () => {
    expect(scaleLine({ value: "price", amount: "2500" }, "0")).toEqual({ quantity: "1", price: "2500.00" });
  });
});

describe("the rules in the settings", () => {
  it("reads the stored JSON and drops what the form would refuse", () => {
    const stored = JSON.stringify([weight, { prefix: "2x", item_digits: 5, value: "weight", decimals: 3 }, price]);
    expect(parseScaleRules(stored)).toEqual([weight, price]);
    expect(parseScaleRules("not json")).toEqual([]);
    expect(parseScaleRules(undefined)).toEqual([]);
    expect(parseScaleRules('{"prefix":"21"}')).toEqual([]);
  });
  it("refuses a rule that leaves no room for the value", () => {
    expect(scaleBarcodeRulesSchema.isValidSync([weight])).toBe(true);
    expect(scaleBarcodeRulesSchema.isValidSync([{ prefix: "21", item_digits: 10, value: "weight", decimals: 0 }])).toBe(false);
    expect(scaleBarcodeRulesSchema.isValidSync([{ prefix: "21", item_digits: 8, value: "weight", decimals: 3 }])).toBe(false);
    expect(scaleBarcodeRulesSchema.isValidSync([{ prefix: "21", item_digits: 5, value: "volume", decimals: 3 }])).toBe(false);
  });
});
