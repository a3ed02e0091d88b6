import { useCallback, type ReactNode } from "react";
import { Link } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { Link as RouterLink } from "react-router";
import type { ColumnDef } from "../../../components/table/column-def";

/** The fields a sold or returned line shares in the two detail reports. */
export interface DocumentLineRow {
  input_date: string;
  branch_name: string;
  customer_name: string;
  item_name: string;
  batch_number: string;
  currency_code: string;
  quantity: string;
  price: string;
  total_price: string;
}

/** A document number that opens its view. */
export function documentLink(path: string, number: number): ReactNode {
  return (
    <Link asChild colorPalette="blue">
      <RouterLink to={path}>{number}</RouterLink>
    </Link>
  );
}

/**
 * The columns of a line report, as a builder: the date, the report's own number columns, then branch,
 * customer, item, batch, currency, quantity, price and total, then the report's amount columns.
 */
export function useLineColumns<Row extends DocumentLineRow>() {
  const { t } = useLingui();
  return useCallback(
    (numbers: ColumnDef<Row>[], amounts: ColumnDef<Row>[] = []): ColumnDef<Row>[] => [
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      ...numbers,
      { key: "branch_name", title: t`Branch` },
      { key: "customer_name", title: t`Customer`, sortable: true, filterType: "text" },
      { key: "item_name", title: t`Item`, sortable: true, filterType: "text" },
      { key: "batch_number", title: t`Batch Number`, filterType: "text" },
      { key: "currency_code", title: t`Currency` },
      { key: "quantity", title: t`Quantity`, sortable: true, filterType: "number", align: "end", sum: true },
      { key: "price", title: t`Price`, sortable: true, filterType: "number", kind: "money" },
      { key: "total_price", title: t`Total`, sortable: true, filterType: "number", kind: "money", sum: true },
      ...amounts,
    ],
    [t],
  );
}
