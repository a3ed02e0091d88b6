/**
 * Where a scan looks (DESIGN section 5): the device cache first (item by its barcode index, then its
 * stock rows in the chosen inventory), the server's `stock/search/` second.
 */
import { carriesQuantity } from "../../../core/item-types";
import { isPositive, tryMoney } from "../../../core/money";
import { api } from "../../lib/api-client";
import { getOfflineDb, type OfflineDb } from "../../offline/db";
import { getOfflineRuntime } from "../../offline/offline-runtime";
import { stockByBarcode, stockRowsById } from "../../offline/stock-store";
import { lineFromItem, lineFromStock, type PriceField, type StockRowLike } from "./document-lines";
import { scaleCandidates, toCandidate, type ScanCandidate } from "./scan-decision";
import {
  parseScaleRules,
  readScaleLabel,
  scaleItemBarcodes,
  SCALE_BARCODES_SETTING,
  type ScaleBarcodeRule,
  type ScaleReading,
} from "../../../core/scale-barcode";
import { appStore, settingsAtom } from "../../lib/app-state";
import { textOf } from "../../../core/text";

export type { ScanCandidate } from "./scan-decision";

export interface ScanScope {
  branchId?: number | null;
  inventoryId: number;
  /** Only rows with quantity above zero (sales; SPEC: stock selection needs quantity above 0). */
  existQty?: boolean;
  priceField?: PriceField;
}

const db = (): OfflineDb => getOfflineRuntime()?.db ?? getOfflineDb();

/** Stock rows of the scanned barcode in the inventory, from the device cache (empty when none cached). */
export async function findCachedStock(keyword: string, scope: ScanScope): Promise<ScanCandidate[]> {
  try {
    const out: ScanCandidate[] = [];
    for (const { item, rows } of await stockByBarcode(db(), scope.inventoryId, keyword)) {
      const itemType = Number(item.item_type);
      const itemRef = {
        id: item.id as number,
        barcode: (item.barcode as string | null) ?? null,
        name: textOf(item.name),
        item_type: itemType,
        sale_price: item.sale_price as string | null,
      };
      if (!carriesQuantity(itemType)) {
        out.push(toCandidate(lineFromItem({ ...itemRef, purchase_price: item.purchase_price as string | null }, scope.priceField)));
        continue;
      }
      for (const row of rows) {
        if (scope.existQty && !isPositive(tryMoney(row.quantity) ?? 0)) continue;
        out.push(
          toCandidate(lineFromStock({ ...(row as unknown as StockRowLike), id: row.id as number, item: itemRef }, scope.priceField)),
        );
      }
    }
    return out;
  } catch {
    return []; // No IndexedDB: the server answers.
  }
}

/** `GET stock/search/?keyword=&exist_qty=&branch_id=&inventory_id=`. */
export async function searchServerStock(keyword: string, scope: ScanScope): Promise<ScanCandidate[]> {
  const searchParams: Record<string, string> = { keyword: keyword.trim(), inventory_id: String(scope.inventoryId) };
  if (scope.existQty) searchParams.exist_qty = "true";
  if (scope.branchId) searchParams.branch_id = String(scope.branchId);
  const answer = await api
    .get("stock/search/", { searchParams, context: { silent: true } })
    .json<StockRowLike[] | { results: StockRowLike[] }>();
  const rows = Array.isArray(answer) ? answer : (answer.results ?? []);
  return rows.map((row) => toCandidate(lineFromStock(row, scope.priceField)));
}

/** The scale-label rules of the settings the device holds (pulled with the reference data). */
function scaleRules(): ScaleBarcodeRule[] {
  return parseScaleRules(appStore.get(settingsAtom).find((s) => s.key === SCALE_BARCODES_SETTING)?.value);
}

/** The cached stock of a scale label's item, under each spelling of its product number. */
async function findCachedScaleStock(label: string, reading: ScaleReading, scope: ScanScope): Promise<ScanCandidate[]> {
  for (const barcode of scaleItemBarcodes(reading.itemCode)) {
    const cached = scaleCandidates(await findCachedStock(barcode, scope), reading, label);
    if (cached.length > 0) return cached;
  }
  return [];
}

/**
 * Cache first, then the server (its failure counts as a miss). A code no item carries as its barcode
 * that reads as a scale label finds the label's item with its weight or price, offline too.
 */
export async function lookUpStock(keyword: string, scope: ScanScope): Promise<ScanCandidate[]> {
  const cached = await findCachedStock(keyword, scope);
  if (cached.length > 0) return cached;
  const reading = readScaleLabel(keyword, scaleRules());
  if (reading) {
    const scaled = await findCachedScaleStock(keyword, reading, scope);
    if (scaled.length > 0) return scaled;
  }
  try {
    const found = await searchServerStock(keyword, scope);
    if (!reading || found.some((c) => c.barcode === keyword.trim())) return found;
    return scaleCandidates(await searchServerStock(reading.itemCode.replace(/^0+/, ""), scope), reading, keyword);
  } catch {
    return [];
  }
}

/** The cached quantity of each of these stock rows (rows the device does not have are left out). */
export async function cachedStockQuantities(stockIds: readonly number[]): Promise<Map<number, unknown>> {
  const quantities = new Map<number, unknown>();
  try {
    for (const [id, row] of await stockRowsById(db(), stockIds)) if (!row.deleted_at) quantities.set(id, row.quantity);
  } catch {
    // No IndexedDB: nothing shown, the server checks on save.
  }
  return quantities;
}
