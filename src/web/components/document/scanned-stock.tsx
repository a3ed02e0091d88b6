import { useState, type ReactNode } from "react";
import { Box, Flex, IconButton, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuTrash2 } from "react-icons/lu";
import { formatDate } from "../../../core/dates";
import { formatAmount, tryMoney } from "../../../core/money";
import type { DocumentLine } from "./document-lines";
import { StockScanField } from "./stock-scan-field";
import { BranchSelect } from "../selectors/branch-select";
import { InventorySelect } from "../selectors/inventory-select";
import type { RowKey } from "../../offline/sync-tables";

/** Branch, inventory and the stock rows scanned there: the state of the print-stock and change-price screens. */
export function useScannedStock() {
  const [branch, setBranch] = useState<RowKey | null>(null);
  const [inventory, setInventory] = useState<RowKey | null>(null);
  const [lines, setLines] = useState<DocumentLine[]>([]);
  return { branch, setBranch, inventory, setInventory, lines, setLines };
}

export type ScannedStock = ReturnType<typeof useScannedStock>;

/** Branch and inventory selectors with the barcode field that adds stock rows of that inventory. */
export function ScannedStockPicker({
  scanned,
  merge,
}: {
  scanned: ScannedStock;
  /** Scanning a row again adds to its line (default). */ merge?: boolean;
}) {
  const { branch, setBranch, inventory, setInventory, lines, setLines } = scanned;
  return (
    <Flex gap="4" wrap="wrap" mb="4" align="end">
      <Box minW="56">
        <BranchSelect value={branch} onChange={setBranch} />
      </Box>
      <Box minW="56">
        <InventorySelect value={inventory} onChange={setInventory} branchId={typeof branch === "number" ? branch : null} autoPick />
      </Box>
      <Box flex="1" minW="64">
        <StockScanField
          inventoryId={typeof inventory === "number" ? inventory : null}
          lines={lines}
          merge={merge}
          autoFocus
          onLinesChange={(next) => setLines(next)}
        />
      </Box>
    </Flex>
  );
}

export interface ScannedStockTableProps {
  scanned: ScannedStock;
  /** The screen's own editable column, before the remove button. */
  column: { title: ReactNode; render: (line: DocumentLine, index: number) => ReactNode };
}

/** The scanned rows: item, batch, expiry, quantity in stock, sale price, the screen's column, remove. */
export function ScannedStockTable({ scanned: { lines, setLines }, column }: ScannedStockTableProps) {
  const { t } = useLingui();
  return (
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
            <Table.ColumnHeader textAlign="end">{column.title}</Table.ColumnHeader>
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
              <Table.Cell textAlign="end">{formatAmount(tryMoney(line.price) ?? 0)}</Table.Cell>
              <Table.Cell textAlign="end" maxW="40">
                {column.render(line, index)}
              </Table.Cell>
              <Table.Cell>
                <IconButton
                  aria-label={t`Remove line ${index + 1}`}
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setLines(lines.filter((l) => l.key !== line.key))}
                >
                  <LuTrash2 />
                </IconButton>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
