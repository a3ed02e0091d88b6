import type { ColumnDef } from "./column-def";

/** The key of the branch's name on every document row the server lists. */
export const BRANCH_COLUMN_KEY = "branch_name";

/**
 * A document list's columns with the branch after the first (its number): numbers repeat per branch,
 * so a user who sees more than one branch needs it to tell two "230"s apart. With one branch, or when
 * the list shows its branch already, the columns stay as they are.
 */
export function withBranchColumn<Row>(columns: ColumnDef<Row>[], visibleBranches: number, title: string): ColumnDef<Row>[] {
  if (visibleBranches < 2 || columns.some((c) => c.key === BRANCH_COLUMN_KEY)) return columns;
  // Not sortable: not every document list declares the branch name as a field to sort on.
  const branch: ColumnDef<Row> = { key: BRANCH_COLUMN_KEY, title };
  return [...columns.slice(0, 1), branch, ...columns.slice(1)];
}
