import { toDecimalString, tryMoney } from "../../../../core/money";
import type { ItemSearchResult } from "../../../components/selectors/item-select";
import { api } from "../../../lib/api-client";
import { getOfflineDb } from "../../../offline/db";
import { getOfflineRuntime } from "../../../offline/offline-runtime";
import { isStub } from "../../../offline/stock-store";
import type { PurchaseLine } from "./purchase-record";

type Priced = ItemSearchResult & { purchase_price?: unknown; sale_price?: unknown; batch_number?: unknown; expire_date?: unknown };

const money = (v: unknown) => toDecimalString(tryMoney(v) ?? 0);

/** The item's last prices: from the search answer, else the device cache, else GET item/<id>/. */
async function pricesOf(found: Priced): Promise<{ purchase_price: unknown; sale_price: unknown }> {
  if (found.purchase_price !== undefined) return { purchase_price: found.purchase_price, sale_price: found.sale_price };
  try {
    const row = await (getOfflineRuntime()?.db ?? getOfflineDb()).items.get(found.id);
    if (row && !isStub(row)) return { purchase_price: row.purchase_price, sale_price: row.sale_price };
  } catch {
    // No cache: ask the server.
  }
  try {
    return await api.get(`item/${found.id}/`, { context: { silent: true } }).json<{ purchase_price: unknown; sale_price: unknown }>();
  } catch {
    return { purchase_price: 0, sale_price: 0 };
  }
}

/** A purchase line for a scanned item, quantity 1, its last purchase and sale prices. */
export async function purchaseLineFor(found: ItemSearchResult): Promise<PurchaseLine> {
  const priced = found as Priced;
  const prices = await pricesOf(priced);
  return {
    key: `i${found.id}`,
    stock: null,
    item: found.id,
    name: found.name,
    barcode: found.barcode,
    item_type: found.item_type,
    batch_number: typeof priced.batch_number === "string" ? priced.batch_number : "",
    expire_date: typeof priced.expire_date === "string" && priced.expire_date ? priced.expire_date.slice(0, 10) : null,
    quantity: "1",
    price: money(prices.purchase_price),
    fee: "0",
    discount: "0",
    available: null,
    sale_price: money(prices.sale_price),
  };
}
