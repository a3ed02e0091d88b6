import { useMemo, useState, useEffect } from "react";
import { Badge, Box, Button, HStack, IconButton, Input, NativeSelect } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { LuEye, LuPrinter, LuTag } from "react-icons/lu";
import { formatDate, toIsoDate } from "../../../../core/dates";
import { CardTitle } from "../../../components/card-title";
import { MultiSelect } from "../../../components/multi-select";
import { useUserInventories } from "../../../components/selectors/inventory-select";
import type { ColumnDef } from "../../../components/table/column-def";
import { PagedTable } from "../../../components/table/paged-table";
import type { ListQueryAction, ListQueryState } from "../../../components/table/list-query-state";
import { useHasPermission } from "../../../lib/use-permission";
import { formatQuantity, inventoryName, isExpired, stockValue, type StockRow } from "./stock-row";

/** /stock/stock: what every inventory holds, per item, batch and expiry (SPEC section 2). */
export default function StockList() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const canChangePrice = useHasPermission(["change_stock"]);
  const today = toIsoDate(new Date());
  const columns = useMemo<ColumnDef<StockRow>[]>(
    () => [
      { key: "item_name", title: t`Item`, sortable: true, filterType: "text", text: (row) => row.item.name },
      { key: "barcode", title: t`Barcode`, sortable: true, filterType: "text", text: (row) => row.item.barcode ?? "" },
      { key: "inventory_name", title: t`Inventory`, sortable: true, text: inventoryName },
      { key: "batch_number", title: t`Batch Number`, filterType: "text" },
      {
        key: "expire_date",
        title: t`Expire Date`,
        sortable: true,
        kind: "date",
        render: (row) => (
          <HStack gap="2">
            <span>{formatDate(row.expire_date)}</span>
            {isExpired(row, today) ? (
              <Badge colorPalette="red" variant="subtle">
                <Trans>Expired</Trans>
              </Badge>
            ) : null}
          </HStack>
        ),
      },
      {
        key: "quantity",
        title: t`Quantity`,
        sortable: true,
        filterType: "number",
        align: "end",
        sum: true,
        text: (row) => formatQuantity(row.quantity),
      },
      { key: "purchase_price", title: t`Purchase Price`, sortable: true, filterType: "number", kind: "money" },
      { key: "sale_price", title: t`Sale Price`, sortable: true, filterType: "number", kind: "money" },
      { key: "purchase_value", title: t`Value`, kind: "money", sum: true, text: (row) => stockValue(row.quantity, row.purchase_price) },
      {
        key: "actions",
        title: t`Actions`,
        noPrint: true,
        width: "1%",
        align: "center",
        render: (row) => (
          <IconButton aria-label={t`View`} size="xs" variant="ghost" onClick={() => navigate(`/stock/stock/view?id=${row.id}`)}>
            <LuEye />
          </IconButton>
        ),
      },
    ],
    [t, navigate, today],
  );
  return (
    <Box>
      <CardTitle
        title={t`Stock`}
        actions={
          <HStack gap="2">
            {canChangePrice ? (
              <Button size="sm" variant="outline" onClick={() => navigate("/stock/stock/change-sale-price")}>
                <LuTag />
                <Trans>Change Sale Price</Trans>
              </Button>
            ) : null}
            <Button size="sm" variant="outline" onClick={() => navigate("/stock/print-stock")}>
              <LuPrinter />
              <Trans>Print Item</Trans>
            </Button>
          </HStack>
        }
      />
      <PagedTable<StockRow>
        title={t`Stock`}
        storageKey="/stock/stock"
        endpoint="stock/"
        columns={columns}
        showTotals
        onRowClick={(row) => navigate(`/stock/stock/view?id=${row.id}`)}
        extraFilters={(state, dispatch) => <StockFilters state={state} dispatch={dispatch} />}
      />
    </Box>
  );
}

function StockFilters({ state, dispatch }: { state: ListQueryState; dispatch: (action: ListQueryAction) => void }) {
  const { t } = useLingui();
  const inventories = useUserInventories();
  const chosen = (state.extra.inventory ?? "").split(",").filter(Boolean).map(Number);
  return (
    <>
      <MultiSelect
        label={t`Inventory`}
        options={inventories.map((i) => ({ value: i.id, label: i.name }))}
        value={chosen}
        active={chosen.length > 0}
        onChange={(values) => dispatch({ type: "extra", key: "inventory", value: values.join(",") })}
      />
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label={t`Expiry`}
          value={state.extra.expired ?? ""}
          onChange={(event) => dispatch({ type: "extra", key: "expired", value: event.target.value })}
        >
          <option value="">{t`All`}</option>
          <option value="true">{t`Expired`}</option>
          <option value="false">{t`Not expired`}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label={t`Quantity`}
          value={state.extra.quantity__gt ?? ""}
          onChange={(event) => dispatch({ type: "extra", key: "quantity__gt", value: event.target.value })}
        >
          <option value="">{t`Any quantity`}</option>
          <option value="0">{t`In stock`}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <SearchBox value={state.search} onSearch={(search) => dispatch({ type: "search", search })} />
    </>
  );
}

/** Search on Enter; clearing the box searches again (SPEC section 4). */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Input
      size="sm"
      width="48"
      type="search"
      aria-label={t`Search`}
      placeholder={t`Search`}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        if (event.target.value === "") onSearch("");
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") onSearch(text.trim());
      }}
    />
  );
}
