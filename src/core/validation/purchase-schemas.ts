/** Purchase, purchase return and stock sale-price bodies (SPEC sections 2 to 5). */
import { array, object, string, type InferType } from "yup";
import { MESSAGES, interpolate } from "../messages";
import { RATE_DECIMALS } from "./accounting-schemas";
import { amountField, decimalField, idField, isoDateField, optionalId, optionalText, requiredId } from "./common";
import { creditNoteFlag, creditNotesField, refundField } from "./settlement-fields";
import { installYupLocale } from "./yup-locale";

installYupLocale();

export const PAYMENT_TYPES = ["cash", "debit"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** A quantity moved by a document: > 0, at most 3 decimals. */
const movedQuantity = () => decimalField({ decimals: 3, sign: "positive" }).required();
const atLeastOneLine = () => interpolate(MESSAGES.minItems, { min: 1 });

export const purchaseLineSchema = object({
  item: requiredId(),
  quantity: movedQuantity(),
  purchase_price: amountField().required(),
  sale_price: amountField().required(),
  // Kept only when batch tracking is on (setting batch_number = "1"); the server ignores them otherwise.
  batch_number: optionalText(255),
  expire_date: isoDateField().nullable(),
});

export const purchaseSchema = object({
  branch: requiredId(),
  inventory: idField().required(MESSAGES.selectInventory),
  supplier: requiredId(),
  currency: requiredId(),
  exchange_rate: decimalField({ decimals: RATE_DECIMALS, sign: "positive" }).nullable(),
  payment_type: string().oneOf(PAYMENT_TYPES).required(),
  cashbox: optionalId(),
  paid_amount: amountField().default("0"),
  credit_notes: creditNotesField(),
  discount: amountField().default("0"),
  supplier_invoice_no: optionalText(64),
  input_date: isoDateField().nullable(),
  note: optionalText(1000),
  items: array().of(purchaseLineSchema).required().min(1, atLeastOneLine()),
});
export type PurchaseInput = InferType<typeof purchaseSchema>;
export type PurchaseLineInput = InferType<typeof purchaseLineSchema>;

export const purchaseReturnLineSchema = object({
  stock: requiredId(),
  quantity: movedQuantity(),
  price: amountField().required(),
});

export const purchaseReturnSchema = object({
  purchase: requiredId(),
  input_date: isoDateField().nullable(),
  note: optionalText(1000),
  refund: refundField(),
  credit_note: creditNoteFlag(),
  items: array().of(purchaseReturnLineSchema).required().min(1, atLeastOneLine()),
});
export type PurchaseReturnInput = InferType<typeof purchaseReturnSchema>;

export const changeSalePriceSchema = object({
  items: array()
    .of(object({ stock: requiredId(), sale_price: amountField().required() }))
    .required()
    .min(1, atLeastOneLine()),
});
export type ChangeSalePriceInput = InferType<typeof changeSalePriceSchema>;
