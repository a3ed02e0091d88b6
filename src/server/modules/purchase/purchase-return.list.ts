import { sql } from "drizzle-orm";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";
import { settlementJson } from "../documents/return-settlement";
import { supplierDocumentFields, supplierDocumentJoins } from "./supplier-document.list";

const listSelect = sql`r.id, r.branch_id as branch, b.name as branch_name, r.invoice_no, r.input_date,
  r.purchase_id as purchase, p.invoice_no as purchase_invoice_no, r.supplier_id as supplier, sp.name as supplier_name,
  r.inventory_id as inventory, inv.name as inventory_name, r.currency_id as currency, c.code as currency_code,
  c.name as currency_name, c.symbol as currency_symbol, r.exchange_rate::text as exchange_rate,
  r.total_price::text as total_price, ${settlementJson("purchase_return", "r")}, r.note,
  ${isoTimestamp(sql`r.created_at`)} as created_at, ${isoTimestamp(sql`r.updated_at`)} as updated_at`;

const lines = sql`(select coalesce(json_agg(json_build_object(
    'id', ri.id, 'stock', ri.stock_id, 'item', ri.item_id, 'item_name', i.name, 'barcode', i.barcode, 'code', i.code,
    'batch_number', s.batch_number, 'expire_date', nullif(s.expire_date, ''), 'stock_quantity', s.quantity::text,
    'quantity', ri.quantity::text, 'price', ri.price::text, 'total_price', ri.total_price::text
  ) order by ri.id), '[]'::json)
  from purchase_return_item ri join item i on i.id = ri.item_id join stock s on s.id = ri.stock_id
  where ri.purchase_return_id = r.id)`;

/** `purchase-return/`: returns of the caller's branches with their purchase and supplier. */
export const purchaseReturnListSpec: ListSpec = {
  source: sql`purchase_return r join purchase p on p.id = r.purchase_id ${supplierDocumentJoins("r")}`,
  select: listSelect,
  branch: sql`r.branch_id`,
  currency: sql`r.currency_id`,
  fields: {
    ...supplierDocumentFields("r"),
    purchase: { sql: sql`r.purchase_id`, type: "integer" },
    purchase_invoice_no: { sql: sql`p.invoice_no`, type: "integer" },
  },
  search: [sql`sp.name`, sql`r.invoice_no::text`, sql`p.invoice_no::text`, sql`r.note`],
  dates: { input_date: sql`r.input_date` },
  sums: { total_price: sql`r.total_price` },
};

export const purchaseReturnDetailSpec: ListSpec = { ...purchaseReturnListSpec, select: sql`${listSelect}, ${lines} as items` };
