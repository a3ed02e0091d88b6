import { index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdBy, lineOf, money, refersTo, stamps, syncable } from "./columns";
import { bookedCurrency, documentColumns, formToken } from "./document-columns";
import { cashbox } from "./organisation";
import { customer, supplier } from "./partners";
import { purchase } from "./purchase";
import { sale } from "./sale";

/**
 * Money documents of the Accounting area (DESIGN "Money documents"). A receipt takes money from a
 * customer into a cashbox, a payment pays a supplier from one; each settles invoices through its
 * allocation rows, written in the same transaction as the document and its ledger posting. The
 * currency is the cashbox's. The per-branch number is `invoice_no` (answered as receipt_no / payment_no).
 */
export const receipt = pgTable(
  "receipt",
  {
    ...documentColumns(),
    customerId: refersTo("customer_id", () => customer.id),
    cashboxId: refersTo("cashbox_id", () => cashbox.id),
    ...bookedCurrency(),
    amount: money("amount").notNull(),
    formToken: formToken(),
  },
  (t) => [index("receipt_branch_idx").on(t.branchId, t.inputDate), index("receipt_customer_idx").on(t.customerId)],
);

export const receiptAllocation = pgTable(
  "receipt_allocation",
  {
    id: serial("id").primaryKey(),
    receiptId: lineOf("receipt_id", () => receipt.id),
    saleId: refersTo("sale_id", () => sale.id),
    amount: money("amount").notNull(),
  },
  (t) => [index("receipt_allocation_receipt_idx").on(t.receiptId), index("receipt_allocation_sale_idx").on(t.saleId)],
);

export const payment = pgTable(
  "payment",
  {
    ...documentColumns(),
    supplierId: refersTo("supplier_id", () => supplier.id),
    cashboxId: refersTo("cashbox_id", () => cashbox.id),
    ...bookedCurrency(),
    amount: money("amount").notNull(),
    formToken: formToken(),
  },
  (t) => [index("payment_branch_idx").on(t.branchId, t.inputDate), index("payment_supplier_idx").on(t.supplierId)],
);

export const paymentAllocation = pgTable(
  "payment_allocation",
  {
    id: serial("id").primaryKey(),
    paymentId: lineOf("payment_id", () => payment.id),
    purchaseId: refersTo("purchase_id", () => purchase.id),
    amount: money("amount").notNull(),
  },
  (t) => [index("payment_allocation_payment_idx").on(t.paymentId), index("payment_allocation_purchase_idx").on(t.purchaseId)],
);

/** Kinds of expense (rent, salaries, fuel ...): the expense account of a posting is (expense, type id). */
export const expenseType = pgTable("expense_type", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdBy: createdBy(),
  ...stamps,
  ...syncable,
});

/** Kinds of income other than sales (rent received, commissions ...): the account (income, type id). */
export const incomeType = pgTable("income_type", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdBy: createdBy(),
  ...stamps,
  ...syncable,
});

/** Money paid out of a cashbox for an expense type, in the cashbox's currency. */
export const expense = pgTable(
  "expense",
  {
    ...documentColumns(),
    expenseTypeId: refersTo("expense_type_id", () => expenseType.id),
    cashboxId: refersTo("cashbox_id", () => cashbox.id),
    ...bookedCurrency(),
    amount: money("amount").notNull(),
    formToken: formToken(),
  },
  (t) => [index("expense_branch_idx").on(t.branchId, t.inputDate), index("expense_type_idx").on(t.expenseTypeId)],
);

/** Money taken into a cashbox for an income type, in the cashbox's currency. */
export const income = pgTable(
  "income",
  {
    ...documentColumns(),
    incomeTypeId: refersTo("income_type_id", () => incomeType.id),
    cashboxId: refersTo("cashbox_id", () => cashbox.id),
    ...bookedCurrency(),
    amount: money("amount").notNull(),
    formToken: formToken(),
  },
  (t) => [index("income_branch_idx").on(t.branchId, t.inputDate), index("income_type_idx").on(t.incomeTypeId)],
);

/** Money moved from one cashbox to another of the same currency (the document's branch is the source cashbox's). */
export const cashboxTransfer = pgTable(
  "cashbox_transfer",
  {
    ...documentColumns(),
    fromCashboxId: refersTo("from_cashbox_id", () => cashbox.id),
    toCashboxId: refersTo("to_cashbox_id", () => cashbox.id),
    ...bookedCurrency(),
    amount: money("amount").notNull(),
    formToken: formToken(),
  },
  (t) => [index("cashbox_transfer_branch_idx").on(t.branchId, t.inputDate)],
);
