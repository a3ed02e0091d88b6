import { sql, type SQL } from "drizzle-orm";
import { queryRowsPrepared, type Tx } from "../../db/client";

/**
 * Document numbers are per branch and assigned by the server (DESIGN section 3). Taking one upserts
 * the branch's counter row, which stays locked until the creating transaction ends, so numbers never
 * repeat; a rolled-back create leaves no gap because its increment rolls back too.
 */
const takeNumber = (branchId: number, documentType: string): SQL =>
  sql`insert into document_counter (branch_id, document_type, last_number) values (${branchId}, ${documentType}, 1)
      on conflict (branch_id, document_type) do update set last_number = document_counter.last_number + 1
      returning last_number`;

/** The tables whose rows carry a per-branch invoice number (identifiers, never user input). */
export type NumberedTable =
  | "sale"
  | "sale_return"
  | "sale_quotation"
  | "purchase"
  | "purchase_return"
  | "inventory_stock_transfer"
  | "damaged_stock"
  | "receipt"
  | "payment"
  | "expense"
  | "income"
  | "cashbox_transfer"
  | "payroll"
  | "salary_advance"
  | "cashbox_money_conversion"
  | "cashbox_adjustment"
  | "cashbox_count"
  | "capital"
  | "supplier_debit_invoice"
  | "customer_debit_invoice"
  | "opening_balance";

/** A created document waits for its number with this placeholder (nobody sees it before commit). */
export const UNNUMBERED = 0;

/**
 * Numbers a document inserted with UNNUMBERED, as the LAST write of its transaction. The counter
 * row stays locked until commit and every create of the branch queues on it: taking the number
 * last keeps that queue to this statement and the commit, instead of the whole document.
 */
export async function assignDocumentNumber(
  tx: Tx,
  table: NumberedTable,
  id: number,
  branchId: number,
  documentType: string,
): Promise<number> {
  const [row] = await queryRowsPrepared<{ invoice_no: number }>(
    tx,
    sql`with counter as (${takeNumber(branchId, documentType)})
        update ${sql.identifier(table)} set invoice_no = counter.last_number from counter
        where ${sql.identifier(table)}.id = ${id}
        returning invoice_no`,
  );
  return row.invoice_no;
}

/**
 * An edit that moves a document to another branch gives it that branch's next number (numbers are
 * per branch), taken last like a create's; an edit within the branch keeps its number.
 */
export async function renumberIfMoved(
  tx: Tx,
  table: NumberedTable,
  id: number,
  branches: { from: number; to: number },
  documentType: string,
): Promise<void> {
  if (branches.from !== branches.to) await assignDocumentNumber(tx, table, id, branches.to, documentType);
}
