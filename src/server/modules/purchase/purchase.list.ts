import { sql } from "drizzle-orm";
import { isoTimestamp, type ListSpec } from "../../http/list-engine";
import { invoiceStandingSql } from "../documents/invoice-standing";
import { supplierDocumentFields, supplierDocumentJoins } from "./supplier-document.list";

// What is owed counts the returns (core invoiceStanding); the purchase row keeps what they took back.
const { net, remaining, paymentStatus: paymentStatusSql } = invoiceStandingSql("p");
const returnedAmount = sql`p.returned_amount`;

const listSelect = sql`p.id, p.branch_id as branch, b.name as branch_name, p.invoice_no, p.input_date,
  p.supplier_id as supplier, sp.name as supplier_name, p.inventory_id as inventory, inv.name as inventory_name,
  p.currency_id as currency, c.code as currency_code, c.name as currency_name, c.symbol as currency_symbol,
  p.exchange_rate::text as exchange_rate, p.payment_type, p.cashbox_id as cashbox, cb.name as cashbox_name,
  p.total_price::text as total_price, p.discount::text as discount, ${net}::text as net_price,
  p.paid_amount::text as paid_amount, ${remaining}::text as remaining, ${paymentStatusSql} as payment_status,
  ${returnedAmount}::text as returned_amount, p.supplier_invoice_no, p.note,
  ${isoTimestamp(sql`p.created_at`)} as created_at, ${isoTimestamp(sql`p.updated_at`)} as updated_at`;

const lines = sql`(select coalesce(json_agg(json_build_object(
    'id', pi.id, 'item', pi.item_id, 'item_name', i.name, 'barcode', i.barcode, 'code', i.code, 'item_type', i.item_type,
    'stock', pi.stock_id, 'stock_quantity', s.quantity::text, 'quantity', pi.quantity::text,
    'purchase_price', pi.purchase_price::text, 'sale_price', pi.sale_price::text,
    'batch_number', pi.batch_number, 'expire_date', pi.expire_date, 'total_price', pi.total_price::text,
    'returned_quantity', (select coalesce(sum(ri.quantity), 0)::numeric(18, 3)::text from purchase_return_item ri
      join purchase_return r on r.id = ri.purchase_return_id where r.purchase_id = p.id and ri.stock_id = pi.stock_id)
  ) order by pi.id), '[]'::json)
  from purchase_item pi join item i on i.id = pi.item_id join stock s on s.id = pi.stock_id where pi.purchase_id = p.id)`;

/** `purchase/`: the columns of the purchase list (SPEC section 2) and their sums. */
export const purchaseListSpec: ListSpec = {
  source: sql`purchase p ${supplierDocumentJoins("p")} left join cashbox cb on cb.id = p.cashbox_id`,
  select: listSelect,
  branch: sql`p.branch_id`,
  currency: sql`p.currency_id`,
  fields: {
    ...supplierDocumentFields("p"),
    payment_type: { sql: sql`p.payment_type`, type: "text" },
    cashbox: { sql: sql`p.cashbox_id`, type: "integer" },
    discount: { sql: sql`p.discount`, type: "number" },
    net_price: { sql: net, type: "number" },
    paid_amount: { sql: sql`p.paid_amount`, type: "number" },
    remaining: { sql: remaining, type: "number" },
    payment_status: { sql: paymentStatusSql, type: "text" },
    supplier_invoice_no: { sql: sql`p.supplier_invoice_no`, type: "text" },
  },
  search: [sql`sp.name`, sql`p.invoice_no::text`, sql`p.supplier_invoice_no`, sql`p.note`],
  dates: { input_date: sql`p.input_date` },
  sums: { total_price: sql`p.total_price`, discount: sql`p.discount`, net_price: net, paid_amount: sql`p.paid_amount`, remaining },
};

/** `purchase/<id>/`: the list row and its lines. */
export const purchaseDetailSpec: ListSpec = { ...purchaseListSpec, select: sql`${listSelect}, ${lines} as items` };
