import { div, isPositive, mul, round, sub, toDecimalString, tryMoney } from "../../../../core/money";

/** Profit on the purchase price, in percent with 2 decimals: (sale - purchase) / purchase * 100; "" when not computable. */
export function profitPercentage(purchasePrice: string, salePrice: string): string {
  const purchase = tryMoney(purchasePrice.trim() === "" ? null : purchasePrice);
  const sale = tryMoney(salePrice.trim() === "" ? null : salePrice);
  if (!purchase || !sale || !isPositive(purchase)) return "";
  return toDecimalString(round(mul(div(sub(sale, purchase), purchase), 100)));
}
