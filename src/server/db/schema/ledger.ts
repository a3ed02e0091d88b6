import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdBy, money, rate, refersTo, stamps } from "./columns";
import { branch, currency } from "./organisation";

/**
 * The money ledger (DESIGN section 3): every document that moves money posts balanced rows here in
 * the same transaction. Balances, statements and profit are read from it, never kept as counters.
 * Accounts are (account_type, account_id): cashbox 3, supplier 7, customer 12, or a fixed account
 * without an id (inventory, revenue, cost_of_goods, discount ...). See src/core/posting.ts.
 */
export const ledgerEntry = pgTable(
  "ledger_entry",
  {
    id: serial("id").primaryKey(),
    branchId: refersTo("branch_id", () => branch.id),
    accountType: text("account_type").notNull(),
    accountId: integer("account_id"),
    currencyId: refersTo("currency_id", () => currency.id),
    debit: money("debit").notNull().default("0"),
    credit: money("credit").notNull().default("0"),
    /** Base-currency units per unit of this currency when posted (1 for the base currency). */
    exchangeRate: rate("exchange_rate").notNull().default("1"),
    documentType: text("document_type").notNull(),
    documentId: integer("document_id").notNull(),
    entryDate: date("entry_date", { mode: "string" }).notNull(),
    memo: text("memo").notNull().default(""),
    createdBy: createdBy(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The account index, ledger_account_cover_idx (account_type, account_id, currency_id, entry_date, id)
  // INCLUDE (debit, credit, branch_id), is hand-written in migration 0021 (drizzle cannot say INCLUDE):
  // balances and statement pages are read from it alone (index-only scans).
  (t) => [index("ledger_document_idx").on(t.documentType, t.documentId)],
);

/** Document numbers per branch and document type, assigned inside the creating transaction. */
export const documentCounter = pgTable(
  "document_counter",
  {
    branchId: refersTo("branch_id", () => branch.id),
    documentType: text("document_type").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.branchId, t.documentType] })],
);

/**
 * What a user changed of an account of the chart (src/core/chart-of-accounts.ts): its code and its
 * names; a null keeps the chart's default (a record's account keeps following the record's name).
 * One row per account, made on its first change; the class and the postings are never stored here.
 */
export const ledgerAccount = pgTable(
  "ledger_account",
  {
    id: serial("id").primaryKey(),
    /** accountKey(account_type, account_id): "cashbox-3", "inventory". */
    accountKey: text("account_key").notNull(),
    accountType: text("account_type").notNull(),
    accountId: integer("account_id"),
    code: text("code"),
    name: text("name"),
    nameAr: text("name_ar"),
    nameCkb: text("name_ckb"),
    createdBy: createdBy(),
    ...stamps,
  },
  (t) => [uniqueIndex("ledger_account_key_idx").on(t.accountKey), uniqueIndex("ledger_account_code_idx").on(t.code)],
);

/**
 * The lock date of a branch's books, or of every branch's (branch_id null): nothing dated on or before
 * it may be posted, changed or removed (src/core/period-lock.ts). A branch's books are locked through
 * the later of its own date and the all-branches date. A null lock_date is a lock lifted (the row
 * stays, so its history reads in the audit trail).
 */
export const periodLock = pgTable(
  "period_lock",
  {
    id: serial("id").primaryKey(),
    branchId: integer("branch_id").references(() => branch.id),
    lockDate: date("lock_date", { mode: "string" }),
    createdBy: createdBy(),
    ...stamps,
  },
  (t) => [unique("period_lock_branch_key").on(t.branchId).nullsNotDistinct()],
);

/**
 * A closed year of a branch: its closing entries (ledger rows of document_type "year_close" and this
 * id) moved the year's income and expense into retained earnings, and its lock moved to the year's end.
 * A reopen appends their reversal, moves the lock back to `previous_lock_date` and stamps `reopened_at`;
 * the row stays. One open close per branch and year.
 */
export const yearClose = pgTable(
  "year_close",
  {
    id: serial("id").primaryKey(),
    branchId: refersTo("branch_id", () => branch.id),
    year: integer("year").notNull(),
    /** The branch's own lock date before the close, where a reopen moves it back to. */
    previousLockDate: date("previous_lock_date", { mode: "string" }),
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
    reopenedBy: integer("reopened_by"),
    createdBy: createdBy(),
    ...stamps,
  },
  (t) => [
    uniqueIndex("year_close_open_idx")
      .on(t.branchId, t.year)
      .where(sql`reopened_at is null`),
  ],
);
