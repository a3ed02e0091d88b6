/**
 * The rows of `GET stock/statement/` as the screens show them: the server sends movements (signed
 * quantity, optionally the balance after each); the screen shows in, out and the running quantity.
 * Tolerant of the answer's shape: a plain array, {results}, or {opening, movements}.
 */
import { add, formatAmount, isNegative, isPositive, negate, toDecimalString, tryMoney, type Money } from "../../../../core/money";

export interface StatementMovement {
  id?: number;
  date?: string | null;
  created_at?: string | null;
  input_date?: string | null;
  document_type?: string | null;
  document_id?: number | null;
  document_no?: number | string | null;
  invoice_no?: number | string | null;
  quantity?: string | number | null;
  quantity_in?: string | number | null;
  quantity_out?: string | number | null;
  in_quantity?: string | number | null;
  out_quantity?: string | number | null;
  document_number?: number | string | null;
  balance_after?: string | number | null;
  running_quantity?: string | number | null;
  inventory_name?: string | null;
  stock?: number | null;
  batch_number?: string | null;
  item?: { name?: string } | null;
  item_name?: string | null;
}

export interface StatementRow {
  key: string;
  date: string;
  documentType: string;
  documentId: number | null;
  documentNo: string;
  inventory: string;
  batch: string;
  quantityIn: string;
  quantityOut: string;
  running: string;
}

export type StatementAnswer =
  | StatementMovement[]
  | {
      results?: StatementMovement[];
      movements?: StatementMovement[];
      opening?: string | number | null;
      opening_quantity?: string | number | null;
      closing_quantity?: string | number | null;
      item?: { id: number; name: string; barcode?: string | null };
    };
type Answer = StatementAnswer;

const q = (v: unknown) => tryMoney(v);
const fmt = (m: Money) => toDecimalString(m, 3);

export function statementOpening(answer: Answer): string {
  if (Array.isArray(answer)) return "0.000";
  return fmt(q(answer.opening ?? answer.opening_quantity) ?? tryMoney(0)!);
}

/**
 * With `stockId`, only that stock row's movements, its running quantity counted from zero (the
 * server's running quantity is the item's in the inventory, across batches).
 */
export function statementRows(answer: Answer, stockId?: number): StatementRow[] {
  const all = Array.isArray(answer) ? answer : (answer.movements ?? answer.results ?? []);
  const list = stockId === undefined ? all : all.filter((m) => m.stock === stockId);
  let running = stockId === undefined ? q(statementOpening(answer))! : tryMoney(0)!;
  return list.map((m, index) => {
    let inQty = q(m.in_quantity ?? m.quantity_in);
    let outQty = q(m.out_quantity ?? m.quantity_out);
    if (inQty?.isZero()) inQty = null;
    if (outQty?.isZero()) outQty = null;
    if (!inQty && !outQty && m.in_quantity === undefined) {
      const signed = q(m.quantity) ?? tryMoney(0)!;
      inQty = isPositive(signed) ? signed : null;
      outQty = isNegative(signed) ? negate(signed) : null;
    }
    running = add(add(running, inQty ?? 0), negate(outQty ?? 0));
    const given = stockId === undefined ? q(m.running_quantity ?? m.balance_after) : null;
    if (given) running = given;
    return {
      key: String(m.id ?? index),
      date: String(m.date ?? m.input_date ?? m.created_at ?? "").slice(0, 10),
      documentType: String(m.document_type ?? ""),
      documentId: m.document_id ?? null,
      documentNo: String(m.document_number ?? m.document_no ?? m.invoice_no ?? m.document_id ?? ""),
      inventory: String(m.inventory_name ?? ""),
      batch: String(m.batch_number ?? ""),
      quantityIn: inQty ? fmt(inQty) : "",
      quantityOut: outQty ? fmt(outQty) : "",
      running: fmt(running),
    };
  });
}

/** A quantity for display: up to 3 decimals, trailing zeros dropped. */
export function formatQuantity(value: unknown): string {
  const m = tryMoney(value);
  return m ? formatAmount(m, { decimals: 3, trimZeros: true }) : "";
}

/** Sums of the in and out columns. */
export function statementTotals(rows: readonly StatementRow[]): { quantityIn: string; quantityOut: string } {
  const total = (pick: (r: StatementRow) => string) => fmt(rows.reduce<Money>((acc, r) => add(acc, q(pick(r)) ?? 0), tryMoney(0)!));
  return { quantityIn: total((r) => r.quantityIn), quantityOut: total((r) => r.quantityOut) };
}

/** Route of the screen that shows a document, by the movement's document type. */
export function documentPath(type: string, id: number | null): string | null {
  if (id === null) return null;
  const paths: Record<string, string> = {
    purchase: "/purchase/purchase",
    purchase_return: "/purchase/purchase-return",
    sale: "/sale/sale",
    sale_return: "/sale/sale-return",
    inventory_stock_transfer: "/stock/inventory-stock-transfer",
    transfer: "/stock/inventory-stock-transfer",
    damaged_stock: "/stock/damaged-stock",
    opening_balance: "/accounting/opening-balance",
  };
  const base = paths[type];
  return base ? `${base}/${id}/view` : null;
}
