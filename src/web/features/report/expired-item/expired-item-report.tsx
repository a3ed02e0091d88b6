import { useMemo } from "react";
import { Badge, Box, HStack, NativeSelect } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useNavigate } from "react-router";
import { formatAmount } from "../../../../core/money";
import { CardTitle } from "../../../components/card-title";
import type { ColumnDef } from "../../../components/table/column-def";
import type { ListQueryAction, ListQueryState } from "../../../components/table/list-query-state";
import { PagedTable } from "../../../components/table/paged-table";
import { baseCurrencyAtom } from "../../../lib/app-state";

interface ExpiredRow {
  id: number;
  branch_name: string;
  inventory_name: string;
  item_name: string;
  barcode: string;
  batch_number: string;
  expire_date: string;
  days_left: number;
  expired: boolean;
  quantity: string;
  purchase_price: string;
  value: string;
}

/** Look-ahead choices of the report, in days (0: expired only). */
const WITHIN_DAYS = [0, 7, 30, 60, 90, 180, 365];
export const DEFAULT_WITHIN_DAYS = "30";
/** The soonest expiry first, within 30 days (a stable object: the table's defaults). */
const DEFAULT_QUERY = { extra: { within_days: DEFAULT_WITHIN_DAYS }, ordering: "expire_date" };

/** /report/expired-item: stock expired or expiring within the chosen days, valued at purchase price. */
export default function ExpiredItemReport() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const baseCode = useAtomValue(baseCurrencyAtom)?.code;
  const columns = useMemo<ColumnDef<ExpiredRow>[]>(() => {
    const inBase = (title: string) => (baseCode ? `${title} (${baseCode})` : title);
    return [
      { key: "item_name", title: t`Item`, sortable: true, filterType: "text" },
      { key: "barcode", title: t`Barcode`, sortable: true, filterType: "text" },
      { key: "branch_name", title: t`Branch`, sortable: true },
      { key: "inventory_name", title: t`Inventory`, sortable: true, filterType: "text" },
      { key: "batch_number", title: t`Batch Number`, filterType: "text" },
      { key: "expire_date", title: t`Expire Date`, sortable: true, kind: "date" },
      {
        key: "days_left",
        title: t`Days left`,
        sortable: true,
        align: "end",
        text: (row) => (row.expired ? `${t`Expired`} (${row.days_left})` : String(row.days_left)),
        render: (row) =>
          row.expired ? (
            <HStack justify="end" gap="2">
              <Badge colorPalette="red" variant="subtle">
                <Trans>Expired</Trans>
              </Badge>
              <span dir="ltr">{row.days_left}</span>
            </HStack>
          ) : (
            <Badge colorPalette={row.days_left <= 7 ? "orange" : "yellow"} variant="subtle">
              <span dir="ltr">{row.days_left}</span>
            </Badge>
          ),
      },
      {
        key: "quantity",
        title: t`Quantity`,
        sortable: true,
        filterType: "number",
        align: "end",
        sum: true,
        text: (row) => formatAmount(row.quantity, { decimals: 3, trimZeros: true }),
      },
      { key: "purchase_price", title: inBase(t`Purchase Price`), sortable: true, kind: "money" },
      { key: "value", title: inBase(t`Value`), sortable: true, kind: "money", sum: true },
    ];
  }, [t, baseCode]);
  return (
    <Box>
      <CardTitle title={t`Expired Items`} />
      <PagedTable<ExpiredRow>
        title={t`Expired Items`}
        storageKey="/report/expired-item"
        endpoint="report/expired-item/"
        columns={columns}
        showTotals
        defaultQuery={DEFAULT_QUERY}
        onRowClick={(row) => navigate(`/stock/stock/view?id=${row.id}`)}
        extraFilters={(state, dispatch) => <WithinDays state={state} dispatch={dispatch} />}
      />
    </Box>
  );
}

function WithinDays({ state, dispatch }: { state: ListQueryState; dispatch: (action: ListQueryAction) => void }) {
  const { t } = useLingui();
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t`Expiring within`}
        value={state.extra.within_days ?? DEFAULT_WITHIN_DAYS}
        onChange={(event) => dispatch({ type: "extra", key: "within_days", value: event.target.value })}
      >
        {WITHIN_DAYS.map((days) => (
          <option key={days} value={String(days)}>
            {days === 0 ? t`Expired only` : t`Expired or expiring within ${days} days`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
