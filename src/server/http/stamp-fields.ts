import { sql } from "drizzle-orm";
import type { ListField } from "./list-engine";

/**
 * The list fields of a row's stamps (its table under `alias`): created_at filters by its day,
 * updated_at orders the list but is no filter.
 */
export const stampFields = (alias: string): Record<string, ListField> => ({
  created_at: { sql: sql.raw(`${alias}.created_at::date`), type: "date" },
  updated_at: { sql: sql.raw(`${alias}.updated_at`), type: "date", filterable: false },
});
