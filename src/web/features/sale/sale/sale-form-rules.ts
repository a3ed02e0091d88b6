/** The sale form's values, body and checks (pure, unit-tested). */
import { parseDateInput } from "../../../../core/date-input";
import { MESSAGES } from "../../../../core/messages";
import { isPositive, tryMoney } from "../../../../core/money";
import { documentTotals, lineProblem, toSaleItems, type DocumentLine } from "../../../components/document/document-lines";
import { cashboxProblem, type PaymentType } from "../../../components/document/payment-rules";
import type { RowKey } from "../../../offline/sync-tables";
import type { InstallmentValues } from "./installment-fields";

/** The sale form's values: the document's own, then the installment plan's. */
export interface SaleValues extends InstallmentValues {
  branch: number | null;
  inventory: number | null;
  customer: RowKey | null;
  currency: number | null;
  exchange_rate: string;
  payment_type: PaymentType;
  cashbox: number | null;
  paid_amount: string;
  discount: string;
  input_date: string;
  note: string;
  items: DocumentLine[];
  /** Edit: the version loaded, for the server's stale check. */
  updated_at?: string;
}

export type SaleErrors = Partial<Record<keyof SaleValues, string>> & { lines?: Record<number, string> };

export function emptySale(today: string): SaleValues {
  return {
    branch: null,
    inventory: null,
    customer: null,
    currency: null,
    exchange_rate: "1",
    payment_type: "cash",
    cashbox: null,
    paid_amount: "0",
    discount: "0",
    input_date: today,
    note: "",
    items: [],
    is_premium: false,
    months_count: "1",
    premium_receipt_amount: "",
    receipt_frequency: "monthly",
    next_receipt_date: "",
    guarantor_name: "",
    guarantor_phone: "",
    guarantor_address: "",
  };
}

/** The SPEC section 5 messages, before anything is sent. */
export function checkSale(v: SaleValues, options: { checkStock: boolean }): SaleErrors {
  const errors: SaleErrors = {};
  if (!v.branch) errors.branch = MESSAGES.required;
  if (!v.inventory) errors.inventory = MESSAGES.selectInventory;
  if (v.customer === null) errors.customer = MESSAGES.selectCustomer;
  if (!v.currency) errors.currency = MESSAGES.required;
  const rate = tryMoney(v.exchange_rate);
  if (!rate || !isPositive(rate)) errors.exchange_rate = MESSAGES.enterExchangeRate;
  if (v.items.length === 0) errors.items = MESSAGES.required;
  // A typed date that is not one (31/02) stops here: offline it would otherwise wait in the outbox to be refused.
  if (parseDateInput(v.input_date).kind === "invalid") errors.input_date = MESSAGES.date;
  const lines: Record<number, string> = {};
  v.items.forEach((line, i) => {
    const problem = lineProblem(line, options.checkStock);
    if (problem) lines[i] = problem;
  });
  if (Object.keys(lines).length > 0) errors.lines = lines;
  const totals = documentTotals(v.items, v.discount, v.paid_amount);
  const cashbox = cashboxProblem(v.paid_amount, v.cashbox, v.payment_type);
  if (cashbox) errors.cashbox = cashbox;
  if (tryMoney(v.paid_amount) && tryMoney(totals.net) && tryMoney(v.paid_amount)!.greaterThan(totals.net))
    errors.paid_amount = MESSAGES.lessThanOrEqual.replace("{max}", totals.net);
  if (v.is_premium) {
    if (!v.months_count) errors.months_count = MESSAGES.required;
    if (!tryMoney(v.premium_receipt_amount) || !isPositive(v.premium_receipt_amount)) errors.premium_receipt_amount = MESSAGES.required;
    if (!v.next_receipt_date) errors.next_receipt_date = MESSAGES.required;
    else if (parseDateInput(v.next_receipt_date).kind === "invalid") errors.next_receipt_date = MESSAGES.date;
  }
  return errors;
}

export const hasErrors = (e: SaleErrors): boolean => Object.keys(e).length > 0;

/** The body of POST sale/ (and PUT sale/<id>/). */
export function saleBody(v: SaleValues): Record<string, unknown> {
  const premium = v.is_premium
    ? {
        months_count: Number(v.months_count),
        premium_receipt_amount: v.premium_receipt_amount,
        receipt_frequency: v.receipt_frequency,
        next_receipt_date: v.next_receipt_date,
      }
    : { months_count: null, premium_receipt_amount: null, receipt_frequency: null, next_receipt_date: null };
  return {
    branch: v.branch,
    inventory: v.inventory,
    customer: v.customer,
    currency: v.currency,
    exchange_rate: v.exchange_rate,
    payment_type: v.payment_type,
    cashbox: v.cashbox,
    paid_amount: v.paid_amount || "0",
    discount: v.discount || "0",
    input_date: v.input_date || null,
    note: v.note.trim(),
    items: toSaleItems(v.items),
    is_premium: v.is_premium,
    ...premium,
    guarantor_name: v.is_premium ? v.guarantor_name.trim() : "",
    guarantor_phone: v.is_premium ? v.guarantor_phone.trim() : "",
    guarantor_address: v.is_premium ? v.guarantor_address.trim() : "",
    ...(v.updated_at ? { updated_at: v.updated_at } : {}),
  };
}

/** Server field errors of a 400 body ({field: [msg]}, {items: [{quantity: [msg]}]}, "items.0.quantity") to the form's. */
export function serverErrors(body: unknown): SaleErrors {
  const errors: SaleErrors = {};
  if (!body || typeof body !== "object") return errors;
  const first = (v: unknown): string | null =>
    Array.isArray(v) ? (typeof v[0] === "string" ? v[0] : first(v[0])) : typeof v === "string" ? v : null;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const line = /^items[.[](\d+)/.exec(key);
    if (line) {
      errors.lines = { ...errors.lines, [Number(line[1])]: first(value) ?? MESSAGES.invalid };
      continue;
    }
    if (key === "items" && Array.isArray(value) && value.some((v) => v && typeof v === "object" && !Array.isArray(v))) {
      value.forEach((v, i) => {
        if (v && typeof v === "object" && !Array.isArray(v)) {
          const msg = Object.values(v as Record<string, unknown>)
            .map(first)
            .find(Boolean);
          if (msg) errors.lines = { ...errors.lines, [i]: msg };
        }
      });
      continue;
    }
    if (key === "message") continue;
    const msg = first(value);
    if (msg) (errors as Record<string, unknown>)[key] = msg;
  }
  return errors;
}
