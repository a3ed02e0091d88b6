import { equals, isNegative, toDecimalString, tryMoney } from "../../../../core/money";

/** The `items` of `POST stock/change-sale-price/`: only lines with a valid new price that differs from the current one. */
export function changedPrices(
  lines: readonly { key: string; stock: number | null; price: string }[],
  prices: Readonly<Record<string, string>>,
): { stock: number; sale_price: string }[] {
  const out: { stock: number; sale_price: string }[] = [];
  for (const line of lines) {
    const next = tryMoney(prices[line.key] ?? "");
    if (line.stock === null || !next || isNegative(next)) continue;
    if (tryMoney(line.price) && equals(next, line.price)) continue;
    out.push({ stock: line.stock, sale_price: toDecimalString(next) });
  }
  return out;
}
