import { useState } from "react";
import { Box, Button, Card, Flex, IconButton, SegmentGroup, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuPrinter, LuTrash2 } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { CardTitle } from "../../../components/card-title";
import type { DocumentLine } from "../../../components/document/document-lines";
import { StockScanField } from "../../../components/document/stock-scan-field";
import { NumberField } from "../../../components/number-field";
import { usePrint } from "../../../components/print/use-print";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { InventorySelect } from "../../../components/selectors/inventory-select";
import type { RowKey } from "../../../offline/sync-tables";
import { buildLabelsHtml, LABEL_CSS } from "./label-html";

type Mode = "labels" | "sheet";

/** /stock/print-stock ("Print Item"): scan stock rows, then print price labels or a stock sheet. */
export default function PrintStockPage() {
  const { t } = useLingui();
  const print = usePrint();
  const [branch, setBranch] = useState<RowKey | null>(null);
  const [inventory, setInventory] = useState<RowKey | null>(null);
  const [lines, setLines] = useState<DocumentLine[]>([]);
  const [mode, setMode] = useState<Mode>("labels");
  const money = (v: string) => formatAmount(tryMoney(v) ?? 0);

  const doPrint = () => {
    if (mode === "labels") {
      print({
        title: t`Print Item`,
        hideHeader: true,
        css: LABEL_CSS,
        body: buildLabelsHtml(
          lines.map((l) => ({ name: l.name, barcode: l.barcode, price: money(l.price), batch: l.batch_number, expiry: formatDate(l.expire_date), copies: Number(l.quantity) || 0 })),
        ),
      });
    } else {
      print({
        title: t`Stock`,
        branchId: typeof branch === "number" ? branch : null,
        table: {
          head: [t`Item`, t`Barcode`, t`Batch Number`, t`Expire Date`, t`Quantity`, t`Sale Price`],
          rows: lines.map((l) => [l.name, l.barcode ?? "", l.batch_number, formatDate(l.expire_date), l.available ?? "", money(l.price)]),
        },
      });
    }
  };

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle title={t`Print Item`} back="/stock/stock" />
        <Flex gap="4" wrap="wrap" mb="4" align="end">
          <Box minW="56">
            <BranchSelect value={branch} onChange={setBranch} />
          </Box>
          <Box minW="56">
            <InventorySelect value={inventory} onChange={setInventory} branchId={typeof branch === "number" ? branch : null} autoPick />
          </Box>
          <Box flex="1" minW="64">
            <StockScanField inventoryId={typeof inventory === "number" ? inventory : null} lines={lines} autoFocus onLinesChange={(next) => setLines(next)} />
          </Box>
        </Flex>
        <Flex gap="3" align="center" mb="3" wrap="wrap">
          <SegmentGroup.Root value={mode} onValueChange={(details) => setMode((details.value as Mode) ?? "labels")} size="sm">
            <SegmentGroup.Indicator />
            <SegmentGroup.Items items={[{ value: "labels", label: t`Labels` }, { value: "sheet", label: t`Stock sheet` }]} />
          </SegmentGroup.Root>
          <Box flex="1" />
          <Button colorPalette="blue" disabled={lines.length === 0} onClick={doPrint}>
            <LuPrinter />
            <Trans>Print</Trans>
          </Button>
        </Flex>
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Item</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Batch Number</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Expire Date</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Quantity</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Sale Price</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Copies</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader w="1%" />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {lines.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={7}>
                    <Text color="fg.muted" textAlign="center" py="4">
                      <Trans>No items yet: scan a barcode</Trans>
                    </Text>
                  </Table.Cell>
                </Table.Row>
              ) : null}
              {lines.map((line, index) => (
                <Table.Row key={line.key}>
                  <Table.Cell>
                    {line.name}
                    <Text fontSize="xs" color="fg.muted" dir="ltr">
                      {line.barcode}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{line.batch_number}</Table.Cell>
                  <Table.Cell>{formatDate(line.expire_date)}</Table.Cell>
                  <Table.Cell textAlign="end">{line.available}</Table.Cell>
                  <Table.Cell textAlign="end">{money(line.price)}</Table.Cell>
                  <Table.Cell textAlign="end" maxW="40">
                    <NumberField
                      aria-label={`${t`Copies`} ${index + 1}`}
                      min={1}
                      max={200}
                      decimals={0}
                      currency
                      value={line.quantity}
                      onValueChange={(value) => setLines(lines.map((l) => (l.key === line.key ? { ...l, quantity: value } : l)))}
                    />
                  </Table.Cell>
                  <Table.Cell>
                    <IconButton aria-label={t`Remove line ${index + 1}`} variant="ghost" colorPalette="red" onClick={() => setLines(lines.filter((l) => l.key !== line.key))}>
                      <LuTrash2 />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
