import { COST_VIEW_CODES, hasAnyPermission } from "../../core/permissions";
import type { AuthContext } from "./access";

/** Whether the caller may see what goods cost (COST_VIEW_CODES: the screens already priced at cost). */
export const maySeeCost = (auth: AuthContext): boolean =>
  hasAnyPermission({ is_superuser: auth.isSuperuser, permissions: auth.permissions }, COST_VIEW_CODES);

/**
 * The rows as the caller may read them: the cost columns set to null for one who may not see what goods
 * cost (a sell-only user picks stock for a sale, and must not learn its purchase price from the search).
 */
export function hideCostColumns<Row extends object>(auth: AuthContext, rows: Row[], columns: readonly string[]): Row[] {
  if (maySeeCost(auth)) return rows;
  return rows.map((row) => {
    const hidden = { ...row } as Record<string, unknown>;
    for (const column of columns) if (column in hidden) hidden[column] = null;
    return hidden as unknown as Row;
  });
}
