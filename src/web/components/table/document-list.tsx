import { CrudList, type CrudListProps } from "./crud-list";

/** What every document list sets alike, so a document list gives only what is its own. */
export type DocumentListProps<Row extends { id: number }> = Omit<
  CrudListProps<Row>,
  "opens" | "dateFilter" | "branchColumn" | "dateField" | "currencyFilter" | "showTotals"
>;

/**
 * A list of dated documents: double-click opens the printable view, the range filters the document date
 * (input_date), a currency filter, the branch column and the totals row.
 */
export function DocumentList<Row extends { id: number }>(props: DocumentListProps<Row>) {
  return <CrudList<Row> opens="view" dateFilter branchColumn dateField="input_date" currencyFilter showTotals {...props} />;
}
