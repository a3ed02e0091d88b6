/**
 * Scale labels: an EAN-13 a weighing scale prints, with the item's product number and the weight or
 * the price inside it. A rule says which prefix marks a label, how many digits after it name the
 * item, and whether the digits left before the check digit are the weight or the price, with how
 * many decimals. The item carries the product number as its barcode, leading zeros aside.
 * One rule for the server's `item/search/` and the device's offline scan.
 */
import { array, mixed, number, object, string, type InferType } from "yup";
import { MESSAGES } from "./messages";
import { div, isPositive, QUANTITY_SCALE, toDecimalString, tryMoney, type MoneyInput } from "./money";

export const SCALE_VALUES = ["weight", "price"] as const;
export type ScaleValue = (typeof SCALE_VALUES)[number];

export const EAN13_LENGTH = 13;
/** Digits between the prefix and the check digit, shared by the item number and the value. */
const BODY_DIGITS = EAN13_LENGTH - 1;
export const MAX_SCALE_RULES = 20;
/** The settings key the rules are stored under, as a JSON list. */
export const SCALE_BARCODES_SETTING = "scale_barcodes";

/** One rule as the settings hold it (`scale_barcodes`). */
export interface ScaleBarcodeRule {
  prefix: string;
  item_digits: number;
  value: ScaleValue;
  decimals: number;
}

const digitsLeft = (rule: Pick<ScaleBarcodeRule, "prefix" | "item_digits">) => BODY_DIGITS - rule.prefix.length - rule.item_digits;

/** A rule of the settings form: a prefix of 1 to 3 digits, room left for at least one value digit. */
export const scaleBarcodeRuleSchema = object({
  prefix: string()
    .trim()
    .required()
    .matches(/^[0-9]{1,3}$/),
  item_digits: number().required().integer().min(1).max(10),
  value: mixed<ScaleValue>().oneOf(SCALE_VALUES).required(),
  decimals: number().required().integer().min(0).max(4),
}).test("fits", MESSAGES.scaleRuleTooLong, (rule) => {
  if (!rule?.prefix || rule.item_digits === undefined || rule.decimals === undefined) return true;
  const left = digitsLeft({ prefix: rule.prefix.trim(), item_digits: rule.item_digits });
  return left >= 1 && rule.decimals <= left;
});

export const scaleBarcodeRulesSchema = array(scaleBarcodeRuleSchema.required()).max(MAX_SCALE_RULES);
export type ScaleBarcodeRuleInput = InferType<typeof scaleBarcodeRuleSchema>;

/** The EAN-13 check digit of the first 12 digits: weights 1, 3, 1, 3... from the left. */
export function ean13CheckDigit(first12: string): number {
  if (!/^[0-9]{12}$/.test(first12)) throw new Error("An EAN-13 body is 12 digits");
  let total = 0;
  for (let i = 0; i < 12; i++) total += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (total % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^[0-9]{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** What a label says: the item's product number and the weight (a quantity) or the price. */
export interface ScaleReading {
  itemCode: string;
  value: ScaleValue;
  /** Decimal string: "1.250" for 01250 with 3 decimals. */
  amount: string;
}

function withDecimals(digits: string, decimals: number): string {
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+(?=.)/, "") || "0";
  return decimals > 0 ? `${whole}.${digits.slice(digits.length - decimals)}` : whole;
}

/** The reading of a scanned code under the first rule whose prefix it starts with, or null (not a valid label). */
export function readScaleLabel(code: string, rules: readonly ScaleBarcodeRule[]): ScaleReading | null {
  const text = code.trim();
  if (!isValidEan13(text)) return null;
  for (const rule of rules) {
    const left = digitsLeft(rule);
    if (!rule.prefix || left < 1 || rule.decimals > left || !text.startsWith(rule.prefix)) continue;
    const itemStart = rule.prefix.length;
    const itemCode = text.slice(itemStart, itemStart + rule.item_digits);
    if (/^0+$/.test(itemCode)) continue;
    const valueDigits = text.slice(itemStart + rule.item_digits, BODY_DIGITS);
    return { itemCode, value: rule.value, amount: withDecimals(valueDigits, rule.decimals) };
  }
  return null;
}

/** Whether an item's barcode is the label's product number, leading zeros aside ("054321" is "54321"). */
export function isScaleItemCode(barcode: string | null | undefined, itemCode: string): boolean {
  if (!barcode || !/^[0-9]+$/.test(barcode)) return false;
  return barcode.replace(/^0+/, "") === itemCode.replace(/^0+/, "");
}

/**
 * The barcodes that are the product number, leading zeros aside, up to 13 digits: an exact look-up
 * (an index) finds the item under any of them.
 */
export function scaleItemBarcodes(itemCode: string): string[] {
  const bare = itemCode.replace(/^0+/, "");
  if (bare === "") return [];
  const out: string[] = [];
  for (let length = bare.length; length <= EAN13_LENGTH; length++) out.push(bare.padStart(length, "0"));
  return out;
}

/**
 * The line a reading makes of an item sold at `unitPrice`: a weight is the quantity at the unit
 * price; a price is what the line costs, so the quantity is that price over the unit price (to the
 * gram), or one at that price when the item has no unit price.
 */
export function scaleLine(reading: Pick<ScaleReading, "value" | "amount">, unitPrice: MoneyInput): { quantity: string; price: string } {
  const unit = tryMoney(unitPrice);
  const unitText = unit ? toDecimalString(unit) : "0.00";
  if (reading.value === "weight") return { quantity: toDecimalString(reading.amount, QUANTITY_SCALE), price: unitText };
  if (!unit || !isPositive(unit)) return { quantity: "1", price: toDecimalString(reading.amount) };
  return { quantity: toDecimalString(div(reading.amount, unit), QUANTITY_SCALE), price: unitText };
}

/** The rules stored in the settings (a JSON list in the `scale_barcodes` value); anything unreadable is no rule. */
export function parseScaleRules(raw: unknown): ScaleBarcodeRule[] {
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const rules: ScaleBarcodeRule[] = [];
  for (const entry of value) {
    try {
      rules.push(scaleBarcodeRuleSchema.validateSync(entry, { stripUnknown: true }));
    } catch {
      // A rule the form would not accept reads nothing.
    }
  }
  return rules;
}
