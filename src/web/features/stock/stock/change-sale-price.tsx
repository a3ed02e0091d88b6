import { useState } from "react";
import { Box, Button, Card, Flex, IconButton, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { LuSave, LuTrash2 } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { CardTitle } from "../../../components/card-title";
import type { DocumentLine } from "../../../components/document/document-lines";
import { StockScanField } from "../../../components/document/stock-scan-field";
import { NumberField } from "../../../components/number-field";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { InventorySelect } from "../../../components/selectors/inventory-select";
import { api } from "../../../lib/api-client";
import { showSuccess } from "../../../lib/toast";
import { useOnline } from "../../../offline/sync-status";
import type { RowKey } from "../../../offline/sync-tables";
import { changedPrices } from "./sale-price-changes";

/** /stock/stock/change-sale-price: scan stock rows, type their new sale prices, save them together. */
export default function ChangeSalePrice() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const online = useOnline();
  const [branch, setBranch] = useState<RowKey | null>(null);
  const [inventory, setInventory] = useState<RowKey | null>(null);
  const [lines, setLines] = useState<DocumentLine[]>([]);
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const items = changedPrices(lines, prices);

  const save = async () => {
    setSaving(true);
    try {
      await api.post("stock/change-sale-price/", { json: { items } });
      showSuccess(t`Updated successfully`);
      navigate("/stock/stock");
    } catch {
      // The api client has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card.Root>
      <Card.Body>
        <CardTitle title={t`Change Sale Price`} back="/stock/stock" close="/stock/stock" />
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
              merge={false}
              autoFocus
              onLinesChange={(next) => setLines(next)}
            />
          </Box>
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
                  <Trans>New Sale Price</Trans>
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
                  <Table.Cell textAlign="end">{formatAmount(tryMoney(line.price) ?? 0)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <NumberField
                      aria-label={`${t`New Sale Price`} ${index + 1}`}
                      currency
                      hideStepper
                      min={0}
                      textAlign="end"
                      value={prices[line.key] ?? ""}
                      onValueChange={(value) => setPrices((previous) => ({ ...previous, [line.key]: value }))}
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
        <Flex justify="end" gap="3" mt="5" align="center">
          {!online ? (
            <Text fontSize="sm" color="fg.warning">
              <Trans>Editing needs a connection</Trans>
            </Text>
          ) : null}
          <Button colorPalette="blue" loading={saving} disabled={!online || items.length === 0} onClick={() => void save()}>
            <LuSave />
            <Trans>Save</Trans>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
