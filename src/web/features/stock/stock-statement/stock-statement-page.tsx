import { useEffect, useState } from "react";
import { Box, Button, Card, Flex, Heading, HStack, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSearchParams } from "react-router";
import { LuPrinter } from "react-icons/lu";
import { defaultDateRange, type DateRange } from "../../../../core/dates";
import { CardTitle } from "../../../components/card-title";
import { DateRangePicker } from "../../../components/date-range-picker";
import { usePrint } from "../../../components/print/use-print";
import { InventorySelect } from "../../../components/selectors/inventory-select";
import { ItemSelect, type ItemSearchResult } from "../../../components/selectors/item-select";
import { api } from "../../../lib/api-client";
import type { RowKey } from "../../../offline/sync-tables";
import { formatQuantity, statementOpening, statementRows, type StatementAnswer, type StatementRow } from "./statement-rows";
import { StatementTable, statementPrintTable, useDocumentTypeLabel } from "./statement-table";

/** Stock Statement: every movement of one item (optionally in one inventory) in a date range, with the running quantity. */
export default function StockStatementPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const [item, setItem] = useState<{ id: number; name: string } | null>(null);
  const [inventory, setInventory] = useState<RowKey | null>(params.get("inventory") ? Number(params.get("inventory")) : null);
  const [range, setRange] = useState<DateRange | null>(() => defaultDateRange());
  const statement = useStatement(item?.id ?? (params.get("item") ? Number(params.get("item")) : null), inventory, range);
  const print = usePrint();
  const typeLabel = useDocumentTypeLabel();
  const itemName = item?.name ?? statement.itemName;

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={t`Stock Statement`}
          back
          actions={
            <Button
              size="sm"
              variant="outline"
              disabled={statement.rows.length === 0}
              onClick={() =>
                print({
                  title: `${t`Stock Statement`}: ${itemName}`,
                  table: statementPrintTable(
                    statement.rows,
                    {
                      date: t`Date`,
                      document: t`Document`,
                      number: t`Number`,
                      inventory: t`Inventory`,
                      batch: t`Batch Number`,
                      in: t`In`,
                      out: t`Out`,
                      balance: t`Balance`,
                    },
                    typeLabel,
                  ),
                })
              }
            >
              <LuPrinter />
              <Trans>Print</Trans>
            </Button>
          }
        />
        <Flex gap="4" wrap="wrap" align="end" mb="4">
          <Box minW="64">
            <ItemSelect
              label={t`Item`}
              clearAfterPick={false}
              exactBarcode
              onPick={(picked: ItemSearchResult) => setItem({ id: picked.id, name: picked.name })}
            />
          </Box>
          <Box minW="56">
            <InventorySelect value={inventory} onChange={setInventory} />
          </Box>
          <DateRangePicker value={range} onChange={setRange} />
        </Flex>
        {itemName ? (
          <HStack gap="6" mb="3" wrap="wrap">
            <Heading size="sm">{itemName}</Heading>
            <Text fontSize="sm">
              <Trans>Opening quantity</Trans>: <b>{formatQuantity(statement.opening)}</b>
            </Text>
            <Text fontSize="sm">
              <Trans>Closing quantity</Trans>: <b>{formatQuantity(statement.closing)}</b>
            </Text>
          </HStack>
        ) : (
          <Text color="fg.muted" mb="3">
            <Trans>Choose an item to see its movements.</Trans>
          </Text>
        )}
        {statement.loading ? <Spinner /> : <StatementTable rows={statement.rows} />}
      </Card.Body>
    </Card.Root>
  );
}

export function useStatement(itemId: number | null, inventory: RowKey | null, range: DateRange | null) {
  const [answer, setAnswer] = useState<StatementAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!itemId) {
      setAnswer(null);
      return;
    }
    let cancelled = false;
    const searchParams: Record<string, string> = { item: String(itemId) };
    if (inventory !== null) searchParams.inventory = String(inventory);
    if (range) {
      searchParams.input_date_after = range.start;
      searchParams.input_date_before = range.end;
    }
    setLoading(true);
    api
      .get("stock/statement/", { searchParams })
      .json<StatementAnswer>()
      .then((data) => !cancelled && setAnswer(data))
      .catch(() => !cancelled && setAnswer(null))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [itemId, inventory, range]);
  const rows: StatementRow[] = answer ? statementRows(answer) : [];
  const closing =
    answer && !Array.isArray(answer) && answer.closing_quantity !== undefined
      ? String(answer.closing_quantity)
      : rows.length
        ? rows[rows.length - 1].running
        : answer
          ? statementOpening(answer)
          : "";
  return {
    loading,
    rows,
    opening: answer ? statementOpening(answer) : "",
    closing,
    itemName: answer && !Array.isArray(answer) ? (answer.item?.name ?? "") : "",
  };
}
