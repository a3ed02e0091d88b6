import { sql } from "drizzle-orm";
import { add, sub, toDecimalString } from "../../../core/money";
import { queryRows, type Executor } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { notFound } from "../../http/errors";

export interface CustomerStockParams {
  customer: number;
  startDate: string | null;
  endDate: string | null;
  /** Branch ids asked for (empty: every branch of the caller). */
  branches: number[];
}

export interface CustomerStockRow {
  kind: "sale" | "sale_return";
  document_id: number;
  invoice_no: number;
  date: string;
  branch: number;
  branch_name: string;
  item: number;
  item_name: string;
  barcode: string;
  currency: number;
  currency_code: string;
  /** Sold is positive, returned negative: a column sums to what the customer kept. */
  quantity: string;
  price: string;
  total: string;
}

export interface CustomerStockItemTotal {
  item: number;
  item_name: string;
  barcode: string;
  currency: number;
  currency_code: string;
  sold_quantity: string;
  returned_quantity: string;
  net_quantity: string;
  sold_total: string;
  returned_total: string;
  net_total: string;
}

const range = (column: ReturnType<typeof sql>, p: CustomerStockParams) => sql`
  ${p.startDate ? sql`and ${column} >= ${p.startDate}` : sql``} ${p.endDate ? sql`and ${column} <= ${p.endDate}` : sql``}`;

/**
 * Every line a customer bought and returned over a range: date, invoice, item, quantity,
 * price, total, in the document's currency; then totals per item and currency. A customer of a branch
 * the caller does not see is 404; lines of other branches never appear.
 */
export async function customerStockStatement(ex: Executor, auth: AuthContext, p: CustomerStockParams) {
  const [owner] = await queryRows<{ branch_id: number | null }>(
    ex,
    sql`select branch_id from customer where id = ${p.customer} and deleted_at is null`,
  );
  if (!owner || (owner.branch_id != null && !auth.branchIds.includes(owner.branch_id))) throw notFound();
  const branchIds = (p.branches.length ? p.branches.filter((b) => auth.branchIds.includes(b)) : auth.branchIds).map((b) => sql`${b}`);
  if (branchIds.length === 0) return { rows: [], items: [] };
  const branches = sql.join(branchIds, sql`, `);
  const rows = await queryRows<CustomerStockRow>(
    ex,
    sql`select l.kind, l.document_id, l.invoice_no, l.date, l.branch, b.name as branch_name, l.item, i.name as item_name, i.barcode,
        l.currency, cu.code as currency_code, l.quantity::text as quantity, l.price::text as price, l.total::text as total
      from (
        select 'sale' as kind, s.id as document_id, s.invoice_no, s.input_date as date, s.branch_id as branch,
          si.item_id as item, s.currency_id as currency, si.quantity, si.net_price as price, si.total_price as total, si.id as line
        from sale s join sale_item si on si.sale_id = s.id
        where s.customer_id = ${p.customer} and s.deleted_at is null and s.branch_id in (${branches}) ${range(sql`s.input_date`, p)}
        union all
        select 'sale_return', r.id, r.invoice_no, r.input_date, r.branch_id, ri.item_id, r.currency_id, -ri.quantity, ri.price, -ri.total_price, ri.id
        from sale_return r join sale_return_item ri on ri.sale_return_id = r.id
        where r.customer_id = ${p.customer} and r.branch_id in (${branches}) ${range(sql`r.input_date`, p)}
      ) l
      join branch b on b.id = l.branch join item i on i.id = l.item join currency cu on cu.id = l.currency
      order by l.date, l.kind, l.document_id, l.line`,
  );
  return { rows, items: itemTotals(rows) };
}

/** Sold, returned and kept per item and currency, in the order the items first appear. */
function itemTotals(rows: readonly CustomerStockRow[]): CustomerStockItemTotal[] {
  const totals = new Map<string, CustomerStockItemTotal>();
  for (const r of rows) {
    const key = `${r.item}-${r.currency}`;
    const t = totals.get(key) ?? {
      item: r.item,
      item_name: r.item_name,
      barcode: r.barcode,
      currency: r.currency,
      currency_code: r.currency_code,
      sold_quantity: "0.000",
      returned_quantity: "0.000",
      net_quantity: "0.000",
      sold_total: "0.00",
      returned_total: "0.00",
      net_total: "0.00",
    };
    if (r.kind === "sale") {
      t.sold_quantity = toDecimalString(add(t.sold_quantity, r.quantity), 3);
      t.sold_total = toDecimalString(add(t.sold_total, r.total));
    } else {
      t.returned_quantity = toDecimalString(sub(t.returned_quantity, r.quantity), 3);
      t.returned_total = toDecimalString(sub(t.returned_total, r.total));
    }
    t.net_quantity = toDecimalString(sub(t.sold_quantity, t.returned_quantity), 3);
    t.net_total = toDecimalString(sub(t.sold_total, t.returned_total));
    totals.set(key, t);
  }
  return [...totals.values()];
}
