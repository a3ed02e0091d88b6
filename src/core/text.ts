/**
 * The text of a value read from an untyped row (a cached row, a JSON body, a query result): a string as it
 * is, a number, bigint or boolean as `String()` writes it, and `fallback` for null, undefined or anything
 * else (an object would otherwise show as "[object Object]").
 */
export function textOf(value: unknown, fallback = ""): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  return fallback;
}
