import { formatAmount, tryMoney } from "../../../../core/money";

/** A quantity for display: up to 3 decimals, trailing zeros dropped. */
export function formatQuantityText(value: unknown): string {
  const q = tryMoney(value);
  return q ? formatAmount(q, { decimals: 3, trimZeros: true }) : "";
}
