/**
 * Lines of a stock document (sale, return, quotation, purchase, transfer, damaged stock): the pure
 * rules shared by the scan field and the lines table. Amounts are decimal strings, computed with
 * src/core (money.ts, posting.ts), never with float arithmetic.
 */
import { carriesQuantity, ITEM_TYPES } from "../../../core/item-types";
import { MESSAGES } from "../../../core/messages";
import { add, greaterThan, isPositive, sum, toDecimalString, tryMoney, type MoneyInput } from "../../../core/money";
import { netTotal, saleLineTotals } from "../../../core/posting";
import { invoiceStanding, type PaymentStatus } from "../../../core/payment-status";
import { textOf } from "../../../core/text";

/** One editable line of a document. */
export interface DocumentLine {
  /** Stable key of the row in the table: "s<stock id>" or "i<item id>" for lines without stock. */
  key: string;
  /** Stock row (null for a service or an item line without stock). */
  stock: number | null;
  item: number;
  name: string;
  barcode: string | null;
  item_type: number;
  batch_number: string;
  expire_date: string | null;
  quantity: string;
  price: string;
  fee: string;
  discount: string;
  /** What the stock row holds (the limit of a sale); null when not known or not limited. */
  available: string | null;
}

/** A stock row as the device cache and `stock/search/` give it (both shapes are accepted). */
export interface StockRowLike {
  id: number;
  quantity?: string | number | null;
  purchase_price?: string | number | null;
  sale_price?: string | number | null;
  batch_number?: string | null;
  expire_date?: string | null;
  item_id?: number;
  item?: number | { id: number; barcode?: string | null; name?: string; item_type?: number; sale_price?: string | number | null } | null;
  /** Flat item fields some answers carry. */
  name?: string;
  barcode?: string | null;
  item_type?: number;
}

/** An item without stock (a service), for lines that carry no quantity. */
export interface ItemLike {
  id: number;
  name: string;
  barcode?: string | null;
  item_type: number;
  sale_price?: string | number | null;
  purchase_price?: string | number | null;
}

const text = (v: unknown): string => textOf(v);
const decimal = (v: unknown, fallback = "0"): string => {
  const m = tryMoney(v);
  return m ? m.toString() : fallback;
};

/** Which price of a stock row a document uses (a sale: sale_price; a purchase return: purchase_price). */
export type PriceField = "sale_price" | "purchase_price";

/** A line from a stock row, quantity 1. */
export function lineFromStock(row: StockRowLike, priceField: PriceField = "sale_price"): DocumentLine {
  const item = typeof row.item === "object" && row.item !== null ? row.item : null;
  const itemId = item?.id ?? (typeof row.item === "number" ? row.item : (row.item_id ?? 0));
  const itemType = Number(item?.item_type ?? row.item_type ?? ITEM_TYPES.GOODS);
  const price = row[priceField] ?? (priceField === "sale_price" ? item?.sale_price : undefined);
  return {
    key: `s${row.id}`,
    stock: row.id,
    item: itemId,
    name: text(item?.name ?? row.name),
    barcode: (item?.barcode ?? row.barcode ?? null) || null,
    item_type: itemType,
    batch_number: text(row.batch_number),
    expire_date: row.expire_date ? String(row.expire_date).slice(0, 10) : null,
    quantity: "1",
    price: toDecimalString(decimal(price)),
    fee: "0",
    discount: "0",
    available: row.quantity === null || row.quantity === undefined ? null : decimal(row.quantity),
  };
}

/** A line for an item without stock (a service: quantity 1, no stock check). */
export function lineFromItem(item: ItemLike, priceField: PriceField = "sale_price"): DocumentLine {
  return {
    key: `i${item.id}`,
    stock: null,
    item: item.id,
    name: item.name,
    barcode: item.barcode ?? null,
    item_type: item.item_type,
    batch_number: "",
    expire_date: null,
    quantity: "1",
    price: toDecimalString(decimal(item[priceField])),
    fee: "0",
    discount: "0",
    available: null,
  };
}

export type MergeMessage =
  | typeof MESSAGES.itemAlreadyInList
  | typeof MESSAGES.cannotSellZeroQuantity
  | typeof MESSAGES.quantityAboveStock
  | typeof MESSAGES.onlyMaterial;

export type MergeResult =
  | { kind: "added"; lines: DocumentLine[]; index: number }
  | { kind: "merged"; lines: DocumentLine[]; index: number }
  | { kind: "refused"; message: MergeMessage; index: number | null };

export interface MergeOptions {
  /** Scanning a line already in the list raises its quantity (default); false refuses it. */
  merge?: boolean;
  /** Quantities may not go above what the stock row holds (sales). */
  checkStock?: boolean;
  /** Only material items (extra sale material). */
  materialOnly?: boolean;
}

/**
 * Adds a candidate line, or raises the quantity of the same stock row by the candidate's quantity.
 * Refusals carry the SPEC section 5 message: a service already listed cannot be merged (it has no
 * quantity), nor anything when merging is off; a sale cannot take an empty stock row or more than it holds.
 */
export function addOrMergeLine(lines: readonly DocumentLine[], candidate: DocumentLine, options: MergeOptions = {}): MergeResult {
  const { merge = true, checkStock = false, materialOnly = false } = options;
  if (materialOnly && candidate.item_type !== ITEM_TYPES.MATERIAL) return { kind: "refused", message: MESSAGES.onlyMaterial, index: null };
  const index = lines.findIndex((l) => l.key === candidate.key);
  const limited = checkStock && carriesQuantity(candidate.item_type) && candidate.available !== null;
  if (index < 0) {
    if (limited && !isPositive(candidate.available!)) return { kind: "refused", message: MESSAGES.cannotSellZeroQuantity, index: null };
    if (limited && greaterThan(candidate.quantity, candidate.available!))
      return { kind: "refused", message: MESSAGES.quantityAboveStock, index: null };
    return { kind: "added", lines: [...lines, candidate], index: lines.length };
  }
  const existing = lines[index];
  if (!merge || !carriesQuantity(existing.item_type)) return { kind: "refused", message: MESSAGES.itemAlreadyInList, index };
  const quantity = add(tryMoney(existing.quantity) ?? 0, tryMoney(candidate.quantity) ?? 1);
  const available = candidate.available ?? existing.available;
  if (checkStock && available !== null && greaterThan(quantity, available))
    return { kind: "refused", message: MESSAGES.quantityAboveStock, index };
  const next = [...lines];
  next[index] = { ...existing, quantity: quantity.toString(), available };
  return { kind: "merged", lines: next, index };
}

/** Per-line amounts: net = price + fee - discount; total = net x quantity (posting.ts). */
export function lineAmounts(line: Pick<DocumentLine, "quantity" | "price" | "fee" | "discount">): {
  net_price: string;
  total_price: string;
} {
  const safe = (v: string) => tryMoney(v) ?? 0;
  return saleLineTotals({ quantity: safe(line.quantity), price: safe(line.price), fee: safe(line.fee), discount: safe(line.discount) });
}

/** The line's problem for a sale (SPEC section 5), or null. */
export function lineProblem(line: DocumentLine, checkStock: boolean): MergeMessage | typeof MESSAGES.required | null {
  const quantity = tryMoney(line.quantity);
  if (!quantity || !isPositive(quantity)) return MESSAGES.required;
  if (checkStock && carriesQuantity(line.item_type) && line.available !== null) {
    if (!isPositive(line.available)) return MESSAGES.cannotSellZeroQuantity;
    if (greaterThan(quantity, line.available)) return MESSAGES.quantityAboveStock;
  }
  return null;
}

export interface DocumentTotalsValue {
  total: string;
  discount: string;
  net: string;
  paid: string;
  remaining: string;
  status: PaymentStatus;
}

/** Totals of the lines with the invoice discount, what was paid and what returns took back (core invoiceStanding). */
export function documentTotals(
  lines: readonly Pick<DocumentLine, "quantity" | "price" | "fee" | "discount">[],
  discount: MoneyInput = 0,
  paid: MoneyInput = 0,
  returned: MoneyInput = 0,
): DocumentTotalsValue {
  const total = sum(lines.map((l) => lineAmounts(l).total_price));
  const safeDiscount = tryMoney(discount) ?? 0;
  const safePaid = tryMoney(paid) ?? 0;
  const net = netTotal(total, safeDiscount);
  const standing = invoiceStanding(net, tryMoney(returned) ?? 0, safePaid);
  return {
    total: toDecimalString(total),
    discount: toDecimalString(safeDiscount),
    net: toDecimalString(net),
    paid: toDecimalString(safePaid),
    remaining: toDecimalString(standing.remaining),
    status: standing.status,
  };
}

/** The `items` of a sale body: stock lines with fee and discount; a service as {item, quantity: 1, price}. */
export function toSaleItems(lines: readonly DocumentLine[]): Record<string, unknown>[] {
  return lines.map((l) =>
    l.stock === null
      ? { item: l.item, quantity: "1", price: l.price, fee: l.fee || "0", discount: l.discount || "0" }
      : { stock: l.stock, quantity: l.quantity, price: l.price, fee: l.fee || "0", discount: l.discount || "0" },
  );
}

/** The `items` of a plain stock document: {stock, quantity, price}. */
export const toStockItems = (lines: readonly DocumentLine[]): Record<string, unknown>[] =>
  lines.filter((l) => l.stock !== null).map((l) => ({ stock: l.stock, quantity: l.quantity, price: l.price }));
