import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { money, rate, refersTo } from "./columns";
import { bookedCurrency, bookedRate, documentColumns, formToken } from "./document-columns";
import { appUser } from "./auth";
import { cashbox, currency } from "./organisation";
import { customer, partner, supplier } from "./partners";

// The cashbox and party documents beyond receipts, payments, expenses, incomes and transfers (accounting.ts):
// money conversions, adjustments and counts, capital, and debit invoices. Each posts to the ledger in the
// same transaction (src/core/accounting-posting.ts) and takes a per-branch number (`invoice_no`).

/**
 * Money from a cashbox in one currency to a cashbox in another at a stated rate: `amount` leaves the
 * source, `amount_in` enters the target. `exchange_rate` is the rate as stated (base units per unit of the
 * foreign side); `from_rate` and `to_rate` are what the ledger lines of each side carry.
 */
export const cashboxMoneyConversion = pgTable(
  "cashbox_money_conversion",
  {
    ...documentColumns(),
    formToken: formToken(),
    fromCashboxId: refersTo("from_cashbox_id", () => cashbox.id),
    toCashboxId: refersTo("to_cashbox_id", () => cashbox.id),
    fromCurrencyId: refersTo("from_currency_id", () => currency.id),
    toCurrencyId: refersTo("to_currency_id", () => currency.id),
    amount: money("amount").notNull(),
    exchangeRate: bookedRate(),
    amountIn: money("amount_in").notNull(),
    fromRate: rate("from_rate").notNull(),
    toRate: rate("to_rate").notNull(),
  },
  (t) => [index("cashbox_money_conversion_branch_idx").on(t.branchId, t.inputDate)],
);

/**
 * A counted balance against the ledger's: `amount` = counted - expected (either sign) is booked into or
 * out of the cashbox, with a reason.
 */
export const cashboxAdjustment = pgTable(
  "cashbox_adjustment",
  {
    ...documentColumns(),
    formToken: formToken(),
    cashboxId: refersTo("cashbox_id", () => cashbox.id),
    ...bookedCurrency(),
    expectedBalance: money("expected_balance").notNull(),
    countedBalance: money("counted_balance").notNull(),
    amount: money("amount").notNull(),
    reason: text("reason").notNull(),
  },
  (t) => [index("cashbox_adjustment_branch_idx").on(t.branchId, t.inputDate)],
);

/**
 * A cashbox count at the end of a day or shift: who closed it and when, what the ledger expected, what
 * was counted and the difference, which its adjustment (if any) booked.
 */
export const cashboxCount = pgTable(
  "cashbox_count",
  {
    ...documentColumns(),
    formToken: formToken(),
    cashboxId: refersTo("cashbox_id", () => cashbox.id),
    currencyId: refersTo("currency_id", () => currency.id),
    shift: text("shift").notNull().default(""),
    expectedBalance: money("expected_balance").notNull(),
    countedBalance: money("counted_balance").notNull(),
    difference: money("difference").notNull(),
    closedBy: refersTo("closed_by", () => appUser.id),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
    adjustmentId: integer("adjustment_id").references(() => cashboxAdjustment.id),
    /**
     * The last ledger row of the cashbox the count closes, its own adjustment included: the Z report of
     * the next count starts after it (ledger ids only grow, and every writer locks the cashbox first).
     */
    ledgerEntryId: integer("ledger_entry_id").notNull().default(0),
  },
  (t) => [index("cashbox_count_branch_idx").on(t.branchId, t.inputDate), index("cashbox_count_adjustment_idx").on(t.adjustmentId)],
);

/** Money put into (`direction` "in") or drawn from ("out") the business through a cashbox, by partner where one is named. */
export const capital = pgTable(
  "capital",
  {
    ...documentColumns(),
    formToken: formToken(),
    direction: text("direction").notNull(),
    partnerId: integer("partner_id").references(() => partner.id),
    cashboxId: refersTo("cashbox_id", () => cashbox.id),
    ...bookedCurrency(),
    amount: money("amount").notNull(),
  },
  (t) => [index("capital_branch_idx").on(t.branchId, t.inputDate)],
);

/** An amount a supplier is owed without goods (a fee, an opening balance): what we owe rises. */
export const supplierDebitInvoice = pgTable(
  "supplier_debit_invoice",
  {
    ...documentColumns(),
    formToken: formToken(),
    supplierId: refersTo("supplier_id", () => supplier.id),
    ...bookedCurrency(),
    amount: money("amount").notNull(),
    /** What receipts or payments allocated to it (debit-invoice-allocation.ts), set in their transaction. */
    paidAmount: money("paid_amount").notNull().default("0"),
  },
  (t) => [
    index("supplier_debit_invoice_branch_idx").on(t.branchId, t.inputDate),
    index("supplier_debit_invoice_party_idx").on(t.supplierId),
  ],
);

/** An amount a customer owes without goods (a fee, an opening balance): what the customer owes rises. */
export const customerDebitInvoice = pgTable(
  "customer_debit_invoice",
  {
    ...documentColumns(),
    formToken: formToken(),
    customerId: refersTo("customer_id", () => customer.id),
    ...bookedCurrency(),
    amount: money("amount").notNull(),
    /** What receipts or payments allocated to it (debit-invoice-allocation.ts), set in their transaction. */
    paidAmount: money("paid_amount").notNull().default("0"),
  },
  (t) => [
    index("customer_debit_invoice_branch_idx").on(t.branchId, t.inputDate),
    index("customer_debit_invoice_party_idx").on(t.customerId),
  ],
);
