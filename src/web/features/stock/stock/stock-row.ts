import { formatAmount, lessThanOrEqual, mul, tryMoney } from "../../../../core/money";

/** A row of GET stock/ (and stock/search/). */
export interface StockRow {
  id: number;
  item: { id: number; barcode: string | null; name: string; item_type: number; code?: string | null };
  inventory: number | { id: number; name: string };
  inventory_name?: string;
  branch?: number | { id: number; name: string } | null;
  batch_number: string | null;
  expire_date: string | null;
  expired?: boolean;
  quantity: string;
  purchase_price: string;
  sale_price: string;
}

/** Stock value at purchase price: quantity x purchase price, "" when either is not a number. */
export function stockValue(quantity: unknown, purchasePrice: unknown): string {
  const q = tryMoney(quantity);
  const p = tryMoney(purchasePrice);
  return q && p ? mul(q, p).toFixed(2) : "";
}

/** Expired when the server says so, else when the expiry date is today or before (yyyy-MM-dd compares as text). */
export function isExpired(row: Pick<StockRow, "expire_date" | "expired">, today: string): boolean {
  if (typeof row.expired === "boolean") return row.expired;
  return Boolean(row.expire_date) && String(row.expire_date).slice(0, 10) <= today;
}

export function inventoryName(row: Pick<StockRow, "inventory" | "inventory_name">): string {
  if (row.inventory_name) return row.inventory_name;
  return typeof row.inventory === "object" && row.inventory ? row.inventory.name : "";
}

/** A quantity for display: up to 3 decimals, trailing zeros dropped. */
export function formatQuantity(value: unknown): string {
  const q = tryMoney(value);
  return q ? formatAmount(q, { decimals: 3, trimZeros: true }) : "";
}

/** True when the quantity is at or below the limit. */
export const atOrBelow = (quantity: unknown, limit: unknown): boolean => {
  const q = tryMoney(quantity);
  const l = tryMoney(limit);
  return Boolean(q && l && lessThanOrEqual(q, l));
};
