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

/** The key of a document's number on the rows of a numbered document list. */
export const NUMBER_COLUMN_KEY = "invoice_no";

/**
 * A document list's number column read with the row's branch code (ERB-241, core/document-number.ts),
 * in the cells, the printout and the export alike; a column with its own text or rendering is left alone.
 */
export function withDocumentNumbers<Row>(
  columns: ColumnDef<Row>[],
  numberOf: (branchId: number | null | undefined, number: number | string) => string,
): ColumnDef<Row>[] {
  return columns.map((column) => {
    if (column.key !== NUMBER_COLUMN_KEY || column.text || column.render) return column;
    const text = (row: Row) => {
      const { branch, invoice_no } = row as { branch?: unknown; invoice_no?: unknown };
      if (invoice_no === null || invoice_no === undefined) return "";
      return numberOf(typeof branch === "number" ? branch : null, invoice_no as number | string);
    };
    return { ...column, text };
  });
}
