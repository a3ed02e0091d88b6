import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdBy, money, rate, stamps } from "./columns";
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
    branchId: integer("branch_id")
      .notNull()
      .references(() => branch.id),
    accountType: text("account_type").notNull(),
    accountId: integer("account_id"),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currency.id),
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
    branchId: integer("branch_id")
      .notNull()
      .references(() => branch.id),
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
