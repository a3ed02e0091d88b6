import { useState } from "react";
import { Button, Card, Flex, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { LuSave } from "react-icons/lu";
import { CardTitle } from "../../../components/card-title";
import { NumberField } from "../../../components/number-field";
import { showSuccess } from "../../../lib/toast";
import { sendCommand } from "../../../offline/commands";
import { useCommandGate } from "../../../offline/network-gate";
import { ScannedStockPicker, ScannedStockTable, useScannedStock } from "../../../components/document/scanned-stock";
import { changedPrices } from "./sale-price-changes";

/** /stock/stock/change-sale-price: scan stock rows, type their new sale prices, save them together. */
export default function ChangeSalePrice() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const gate = useCommandGate("stock-change-sale-price");
  const scanned = useScannedStock();
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const items = changedPrices(scanned.lines, prices);

  const save = async () => {
    setSaving(true);
    try {
      await sendCommand("stock-change-sale-price", { items });
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
        <ScannedStockPicker scanned={scanned} merge={false} />
        <ScannedStockTable
          scanned={scanned}
          column={{
            title: <Trans>New Sale Price</Trans>,
            render: (line, index) => (
              <NumberField
                aria-label={`${t`New Sale Price`} ${index + 1}`}
                currency
                hideStepper
                min={0}
                textAlign="end"
                value={prices[line.key] ?? ""}
                onValueChange={(value) => setPrices((previous) => ({ ...previous, [line.key]: value }))}
              />
            ),
          }}
        />
        <Flex justify="end" gap="3" mt="5" align="center">
          {gate.blocked ? (
            <Text fontSize="sm" color="fg.warning">
              {gate.reason}
            </Text>
          ) : null}
          <Button colorPalette="blue" loading={saving} disabled={gate.blocked || items.length === 0} onClick={() => void save()}>
            <LuSave />
            <Trans>Save</Trans>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
