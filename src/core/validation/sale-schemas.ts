/** Sale, sale return, sale quotation, extra material and quotation conversion bodies (SPEC sections 2-5). */
import { array, boolean, number, object, string, type InferType } from "yup";
import { RECEIPT_FREQUENCIES, MONTHS_COUNT_MAX, MONTHS_COUNT_MIN, type ReceiptFrequency } from "../installments";
import { MESSAGES } from "../messages";
import {
  ADDRESS_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  amountField,
  decimalField,
  idField,
  isoDateField,
  optionalId,
  optionalText,
  requiredId,
} from "./common";
import { creditNoteFlag, creditNotesField, refundField } from "./settlement-fields";
import { installYupLocale } from "./yup-locale";

installYupLocale();

export const PAYMENT_TYPES = ["cash", "debit"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * The cashbox of a sale: a cash sale names one, even with nothing paid yet (core paymentProblem), unless
 * it is paid at the counter through `payments` (each naming its own cashbox).
 */
const cashSaleCashbox = () =>
  optionalId().when(["payment_type", "payments"], ([type, payments]: unknown[]) => {
    const paidAtCounter = Array.isArray(payments) && payments.length > 0;
    const s = optionalId();
    return type === "cash" && !paidAtCounter ? s.typeError(MESSAGES.cashboxRequired).required(MESSAGES.cashboxRequired) : s;
  });

/** Money handed over at the counter into a cashbox, in the cashbox's currency; the rate is optional (base units per unit). */
export const saleTenderSchema = object({
  cashbox: requiredId(),
  amount: decimalField({ sign: "positive" }).required(),
  // Within the rate column (numeric 18,6).
  exchange_rate: decimalField({ decimals: 6, sign: "positive", below: "1000000000000" }).nullable(),
});
export type SaleTenderInput = InferType<typeof saleTenderSchema>;

/** At most this many cashboxes take one sale's money (one per currency in practice). */
export const SALE_TENDERS_MAX = 10;

/** A quantity sold: positive, up to 3 decimals. Services may leave it out (they carry none). */
const saleQuantity = () => decimalField({ decimals: 3, sign: "positive" });

/** A line: a stock row, or (a service) an item without one. */
export const saleLineSchema = object({
  stock: optionalId(),
  item: optionalId(),
  quantity: saleQuantity().nullable(),
  price: amountField().required(),
  fee: amountField().nullable(),
  discount: amountField().nullable(),
}).test("stock-or-item", MESSAGES.required, function check(value) {
  if (!value || value.stock != null || value.item != null) return true;
  return this.createError({ path: `${this.path}.stock`, message: MESSAGES.required });
});
export type SaleLineInput = InferType<typeof saleLineSchema>;

export const saleSchema = object({
  branch: requiredId(),
  inventory: idField().required(MESSAGES.selectInventory),
  customer: idField().required(MESSAGES.selectCustomer),
  currency: requiredId(),
  exchange_rate: decimalField({ decimals: 6 }).nullable(),
  payment_type: string<PaymentType>().oneOf(PAYMENT_TYPES).default("cash"),
  cashbox: cashSaleCashbox(),
  paid_amount: amountField().default("0"),
  credit_notes: creditNotesField(),
  // Counter payments in several currencies: with these, paid_amount is worked out from them (core counter-change).
  payments: array().of(saleTenderSchema.required()).max(SALE_TENDERS_MAX).nullable(),
  change: saleTenderSchema.nullable().optional().default(undefined),
  discount: amountField().default("0"),
  input_date: isoDateField().nullable(),
  note: optionalText(2000),
  items: array().of(saleLineSchema.required()).required().min(1),
  is_premium: boolean().default(false),
  // Installment (premium) sales: all four are required when is_premium is set.
  months_count: number()
    .transform((v: number, o: unknown) => (o === "" ? undefined : v))
    .integer()
    .min(MONTHS_COUNT_MIN)
    .max(MONTHS_COUNT_MAX)
    .nullable()
    .when("is_premium", { is: true, then: (s) => s.required() }),
  premium_receipt_amount: decimalField({ sign: "positive" })
    .nullable()
    .when("is_premium", { is: true, then: (s) => s.required() }),
  receipt_frequency: string<ReceiptFrequency>()
    .nullable()
    .oneOf([...RECEIPT_FREQUENCIES, null])
    .when("is_premium", { is: true, then: (s) => s.required() }),
  next_receipt_date: isoDateField()
    .nullable()
    .when("is_premium", { is: true, then: (s) => s.required() }),
  guarantor_name: optionalText(NAME_MAX_LENGTH),
  guarantor_phone: optionalText(PHONE_MAX_LENGTH),
  guarantor_address: optionalText(ADDRESS_MAX_LENGTH),
});
export type SaleInput = InferType<typeof saleSchema>;

/** Materials added to an existing sale (/sale/sale/:id/extra). */
export const saleExtraSchema = object({
  items: array()
    .of(object({ stock: requiredId(), quantity: saleQuantity().required(), price: amountField().required() }).required())
    .required()
    .min(1),
});
export type SaleExtraInput = InferType<typeof saleExtraSchema>;

export const saleReturnSchema = object({
  sale: idField().required(MESSAGES.saleInvoiceRequired),
  customer: optionalId(),
  currency: optionalId(),
  input_date: isoDateField().nullable(),
  note: optionalText(2000),
  refund: refundField(),
  credit_note: creditNoteFlag(),
  items: array()
    .of(object({ stock: requiredId(), quantity: saleQuantity().required(), price: amountField().required() }).required())
    .required()
    .min(1),
});
export type SaleReturnInput = InferType<typeof saleReturnSchema>;

export const saleQuotationSchema = object({
  branch: requiredId(),
  inventory: idField().required(MESSAGES.selectInventory),
  customer: idField().required(MESSAGES.selectCustomer),
  currency: requiredId(),
  exchange_rate: decimalField({ decimals: 6 }).nullable(),
  discount: amountField().default("0"),
  input_date: isoDateField().nullable(),
  note: optionalText(2000),
  items: array()
    .of(
      object({ stock: optionalId(), item: optionalId(), quantity: saleQuantity().nullable(), price: amountField().required() }).required(),
    )
    .required()
    .min(1),
});
export type SaleQuotationInput = InferType<typeof saleQuotationSchema>;

/** Converting a quotation into a sale: how it is paid. */
export const quotationConvertSchema = object({
  payment_type: string<PaymentType>().oneOf(PAYMENT_TYPES).default("cash"),
  cashbox: cashSaleCashbox(),
  paid_amount: amountField().default("0"),
  input_date: isoDateField().nullable(),
});
export type QuotationConvertInput = InferType<typeof quotationConvertSchema>;
