/** Shapes of the HTTP contract (DESIGN section 3) shared by the server and the web app. */

export interface Paged<T> {
  count: number;
  /** Set when `count` is the database's estimate (a large list), not an exact count: show it as "about". */
  count_is_estimate?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface InventoryRef {
  id: number;
  name: string;
}
export interface BranchRef {
  id: number;
  name: string;
  color: string;
  /** Before its document numbers (ERB-241); null while the branch has none. */
  short_code: string | null;
  inventories: InventoryRef[];
}
export interface CurrencyRef {
  id: number;
  code: string;
  symbol: string;
}
export interface CashboxRef {
  id: number;
  name: string;
  branch_id: number;
  currency: CurrencyRef;
}

/** A row of GET accounting/cashbox/all/: references as ids with their names beside them, and its balance. */
export interface CashboxRow {
  id: number;
  name: string;
  branch: number;
  branch_name: string;
  currency: number;
  currency_code: string;
  currency_symbol: string;
  /** Decimal string: the sum of the cashbox's ledger rows; null for a caller who may not list the cashboxes. */
  balance: string | null;
}

/** GET user/me/ */
export interface AuthUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  is_superuser: boolean;
  default_branch_id: number | null;
  /** The inventory the user's sales take stock from by default (core/default-inventory.ts). */
  default_inventory_id: number | null;
  permissions: string[];
  branches: BranchRef[];
  cashboxes: CashboxRef[];
}

/** A 400 body: either a business message or field errors. */
export type ErrorBody = { message: string } | Record<string, string[]>;

export interface DeletedResponse {
  message: "Deleted successfully";
}

/** One base backup of the embedded default (`GET backup/`). */
export interface BackupInfo {
  name: string;
  file: string;
  created_at: string;
  finished_at: string;
  size: number;
  /** true: restored and counted; false: that check failed; null: not checked yet. */
  verified: boolean | null;
  checked_at: string | null;
  check_error: string | null;
  kind: "daily" | "manual";
  counts: Record<string, number>;
}

/** `GET backup/status/`: what the settings screen and the dashboard show an administrator. */
export interface BackupStatusInfo {
  /** false: the database is another server's, or its archiving the administrator's own (`reason`). */
  managed: boolean;
  reason: "external" | "archiving_off" | "own_archive_command" | null;
  backup_dir?: string;
  last: BackupInfo | null;
  /** The oldest and newest moments a restore can reach. */
  restorable_from: string | null;
  restorable_until: string | null;
  warning: "none" | "stale" | "check_failed" | null;
  count?: number;
}

/** An uploaded image or file (media/): its key (unguessable; its url names it too), what a record's image field takes. */
export interface UploadedMedia {
  id: string;
  url: string;
}

/** A currency's part of a customer's balance (GET customer/<id>/balance/), with what explains it. */
export interface CustomerBalancePart {
  currency: number;
  currency_code: string;
  balance: string;
  balance_in_base: string;
  open_sales: string;
  open_sale_count: number;
  debit_invoices: string;
  debit_invoice_count: number;
  unapplied_receipts: string;
  open_credit_notes: string;
  /** What no document explains (an opening balance, an exchange difference): the parts add up to the balance. */
  other: string;
}

/** GET customer/<id>/balance/: what the counter and the receipt form show of a customer's account. */
export interface CustomerBalanceAnswer {
  customer: number;
  credit_limit: string | null;
  /** In the base currency. */
  balance: string;
  currencies: CustomerBalancePart[];
}
