import { amountInWords } from "../../core/number-to-words";
import { remainingAmount } from "../../core/payment-status";
import { saleLineTotals } from "../../core/posting";
import { toDecimalString } from "../../core/money";
import type { PaymentStatus } from "../../core/payment-status";
import type { OfflineDb } from "./db";
import { saleBodyOf, saleTotals, toPendingDocument } from "./pending-documents";
import { isStub, itemColumns, stockRowsById } from "./stock-store";
import { isLocalKey, type CachedRow, type RowKey } from "./sync-tables";
import { textOf } from "../../core/text";

/**
 * The printable data of a sale saved offline ("printing works offline from local data"):
 * built from the queued body and the device cache only, with the totals of src/core/posting.ts, so
 * the sale screen can print a provisional invoice under its "P-<n>" number. The print layout is the
 * sale screen's; this gives it the same fields as a printed server sale.
 */

export interface InvoiceBranchHeader {
  name: string;
  description?: string;
  logoUrl?: string;
  phone?: string;
  address?: string;
}

export interface InvoiceLine {
  stock: number | null;
  item: number | null;
  name: string;
  barcode: string | null;
  batch_number: string;
  expire_date: string | null;
  quantity: string;
  price: string;
  fee: string;
  discount: string;
  net_price: string;
  total_price: string;
}

export interface ProvisionalInvoice {
  /** "P-<n>": printed as the invoice number, marked provisional. */
  invoice_no: string;
  provisional: true;
  created_at: string;
  /** The sale's own branch: its print header is the one printed, never another branch's. */
  branch_id: number | null;
  branch: InvoiceBranchHeader | null;
  customer: { id: RowKey; name: string; phone: string; address: string } | null;
  currency: { id: number; code: string } | null;
  payment_type: string;
  cashbox_name: string | null;
  lines: InvoiceLine[];
  total_price: string;
  discount: string;
  net_price: string;
  paid_amount: string;
  remaining: string;
  payment_status: PaymentStatus;
  /** The net amount in Kurdish words with the currency word (SPEC section 5). */
  amount_in_words: string;
  note: string;
}

/** What the invoice is built from: the queued body and the cached rows it refers to. */
export interface ProvisionalInvoiceSource {
  invoiceNo: string;
  createdAt: number;
  body: Record<string, unknown>;
  printInfo: CachedRow | null;
  customer: CachedRow | null;
  currency: CachedRow | null;
  cashbox: CachedRow | null;
  stocks: ReadonlyMap<number, CachedRow>;
  items: ReadonlyMap<number, CachedRow>;
}

const text = (value: unknown): string => textOf(value);
const decimal = (value: unknown): string => textOf(value, "0") || "0";
const idOf = (value: unknown): number | null => (typeof value === "number" ? value : null);

const bodyLines = (body: Record<string, unknown>): Record<string, unknown>[] =>
  Array.isArray(body.items) ? body.items.filter((l): l is Record<string, unknown> => !!l && typeof l === "object") : [];

/** Pure: the printable invoice of a queued sale. */
export function buildProvisionalInvoice(source: ProvisionalInvoiceSource): ProvisionalInvoice {
  const { body } = source;
  const lines = bodyLines(body).map((line): InvoiceLine => {
    const stockId = idOf(line.stock);
    const stock = stockId === null ? undefined : source.stocks.get(stockId);
    const itemId = idOf(line.item) ?? idOf(stock?.item_id);
    const item = itemId === null ? undefined : source.items.get(itemId);
    const amounts = {
      quantity: decimal(line.quantity ?? 1),
      price: decimal(line.price),
      fee: decimal(line.fee),
      discount: decimal(line.discount),
    };
    const totals = saleLineTotals(amounts);
    return {
      stock: stockId,
      item: itemId,
      name: text(item?.name),
      barcode: typeof item?.barcode === "string" ? item.barcode : null,
      batch_number: text(stock?.batch_number),
      expire_date: typeof stock?.expire_date === "string" ? stock.expire_date : null,
      quantity: amounts.quantity,
      price: toDecimalString(amounts.price),
      fee: toDecimalString(amounts.fee),
      discount: toDecimalString(amounts.discount),
      ...totals,
    };
  });
  const totals = saleTotals(body);
  const code = text(source.currency?.code);
  const info = source.printInfo;
  return {
    invoice_no: source.invoiceNo,
    provisional: true,
    created_at: new Date(source.createdAt).toISOString(),
    branch_id: idOf(body.branch),
    branch: info
      ? {
          name: text(info.name),
          description: text(info.description) || undefined,
          logoUrl: typeof info.logo === "string" ? info.logo : undefined,
          phone: text(info.phone) || undefined,
          address: text(info.address) || undefined,
        }
      : null,
    customer: source.customer
      ? {
          id: source.customer.id,
          name: text(source.customer.name),
          phone: text(source.customer.phone),
          address: text(source.customer.address),
        }
      : null,
    currency: source.currency && typeof source.currency.id === "number" ? { id: source.currency.id, code } : null,
    payment_type: typeof body.payment_type === "string" ? body.payment_type : "cash",
    cashbox_name: source.cashbox ? text(source.cashbox.name) : null,
    lines,
    ...totals,
    remaining: toDecimalString(remainingAmount(totals.net_price, totals.paid_amount)),
    amount_in_words: amountInWords(totals.net_price, code),
    note: text(body.note),
  };
}

const rowKey = (value: unknown): RowKey | null => (typeof value === "number" || isLocalKey(value) ? value : null);

async function getRow(db: OfflineDb, table: "customer" | "currency" | "cashbox", key: unknown): Promise<CachedRow | null> {
  const id = rowKey(key);
  return id === null ? null : ((await db.ref(table).get(id)) ?? null);
}

/** Reads what a queued sale refers to from the cache and builds its invoice; null when it is gone. */
export async function loadProvisionalInvoice(db: OfflineDb, entryId: number): Promise<ProvisionalInvoice | null> {
  const entry = await db.outbox.get(entryId);
  const doc = entry ? toPendingDocument(entry) : null;
  const body = entry ? saleBodyOf(entry) : null;
  if (!entry || !doc || !body) return null;
  const stockIds = bodyLines(body).flatMap((line) => (typeof line.stock === "number" ? [line.stock] : []));
  const stocks = await stockRowsById(db, stockIds);
  const itemIds = [
    ...new Set([
      ...bodyLines(body).flatMap((line) => (typeof line.item === "number" ? [line.item] : [])),
      ...[...stocks.values()].flatMap((row) => (typeof row.item_id === "number" ? [row.item_id] : [])),
    ]),
  ];
  const items = new Map<number, CachedRow>();
  for (const row of await db.items.bulkGet(itemIds))
    if (row && !isStub(row) && typeof row.id === "number") items.set(row.id, itemColumns(row));
  const branchId = idOf(body.branch);
  const printInfo = branchId === null ? null : ((await db.ref("print_info").where("branch_id").equals(branchId).first()) ?? null);
  return buildProvisionalInvoice({
    invoiceNo: doc.invoice_no ?? `P-?`,
    createdAt: entry.created_at,
    body,
    printInfo,
    customer: await getRow(db, "customer", body.customer),
    currency: await getRow(db, "currency", body.currency),
    cashbox: await getRow(db, "cashbox", body.cashbox),
    stocks,
    items,
  });
}
