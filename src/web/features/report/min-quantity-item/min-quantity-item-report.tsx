import { useMemo } from "react";
import { Badge, Box, NativeSelect } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { formatAmount } from "../../../../core/money";
import { CardTitle } from "../../../components/card-title";
import type { ColumnDef } from "../../../components/table/column-def";
import type { ListQueryAction, ListQueryState } from "../../../components/table/list-query-state";
import { PagedTable } from "../../../components/table/paged-table";
import { baseCurrencyAtom } from "../../../lib/app-state";

interface MinQuantityRow {
  id: string;
  item: number;
  item_name: string;
  barcode: string;
  item_group_name: string | null;
  branch_name: string;
  inventory: number | null;
  inventory_name: string | null;
  min_quantity: string;
  quantity: string;
  branch_quantity: string;
  to_order: string;
  purchase_price: string;
  order_value: string;
  branch_below: boolean;
}

/** Most to order first. */
const DEFAULT_QUERY = { ordering: "-to_order" };

const quantity = (value: string) => formatAmount(value, { decimals: 3, trimZeros: true });

/**
 * /report/min-quantity-item: items whose stock in an inventory (or, per branch, in the branch as a whole)
 * is at or below their minimum, with how many to order to reach it.
 */
export default function MinQuantityItemReport() {
  const { t } = useLingui();
  const baseCode = useAtomValue(baseCurrencyAtom)?.code;
  const columns = useMemo<ColumnDef<MinQuantityRow>[]>(() => {
    const inBase = (title: string) => (baseCode ? `${title} (${baseCode})` : title);
    const number = (key: keyof MinQuantityRow, title: string, sum = false): ColumnDef<MinQuantityRow> => ({
      key,
      title,
      sortable: true,
      filterType: "number",
      align: "end",
      sum,
      text: (row) => quantity(String(row[key])),
    });
    return [
      { key: "item_name", title: t`Item`, sortable: true, filterType: "text" },
      { key: "barcode", title: t`Barcode`, sortable: true, filterType: "text" },
      { key: "branch_name", title: t`Branch`, sortable: true },
      { key: "inventory_name", title: t`Inventory`, sortable: true, text: (row) => row.inventory_name ?? t`Whole branch` },
      number("min_quantity", t`Min Quantity`),
      number("quantity", t`Quantity`, true),
      {
        ...number("branch_quantity", t`In the branch`),
        render: (row) => (
          <Badge colorPalette={row.branch_below ? "red" : "green"} variant="subtle">
            <span dir="ltr">{quantity(row.branch_quantity)}</span>
          </Badge>
        ),
      },
      number("to_order", t`To order`, true),
      { key: "purchase_price", title: inBase(t`Purchase Price`), kind: "money" },
      { key: "order_value", title: inBase(t`Order value`), sortable: true, kind: "money", sum: true },
    ];
  }, [t, baseCode]);
  return (
    <Box>
      <CardTitle title={t`Minimum Quantity Items`} />
      <PagedTable<MinQuantityRow>
        title={t`Minimum Quantity Items`}
        storageKey="/report/min-quantity-item"
        endpoint="report/min-quantity-item/"
        columns={columns}
        showTotals
        defaultQuery={DEFAULT_QUERY}
        extraFilters={(state, dispatch) => <ScopeFilter state={state} dispatch={dispatch} />}
      />
    </Box>
  );
}

function ScopeFilter({ state, dispatch }: { state: ListQueryState; dispatch: (action: ListQueryAction) => void }) {
  const { t } = useLingui();
  return (
    <>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label={t`Stock counted`}
          value={state.extra.scope ?? "inventory"}
          onChange={(event) =>
            dispatch({ type: "extra", key: "scope", value: event.target.value === "inventory" ? "" : event.target.value })
          }
        >
          <option value="inventory">{t`Per inventory`}</option>
          <option value="branch">{t`Per branch as a whole`}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label={t`Branch stock`}
          value={state.extra.branch_below ?? ""}
          onChange={(event) => dispatch({ type: "extra", key: "branch_below", value: event.target.value })}
        >
          <option value="">{t`Any branch stock`}</option>
          <option value="true">{t`Branch also at or below minimum`}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </>
  );
}
