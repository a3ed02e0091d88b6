/** Reads a reference field that the API may send as an id or as {id, name}. */
export function refId(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value))) return Number(value);
  if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "number") return (value as { id: number }).id;
  return null;
}

/** The display name of a reference: {name} or a sibling "<field>_name". */
export function refName(row: object, field: string): string {
  const record = row as Record<string, unknown>;
  const value = record[field];
  if (value && typeof value === "object" && typeof (value as { name?: unknown }).name === "string") return (value as { name: string }).name;
  const sibling = record[`${field}_name`];
  return typeof sibling === "string" ? sibling : "";
}
