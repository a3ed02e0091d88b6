import { useState } from "react";
import { Box, Button, Card, Flex, SegmentGroup } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuPrinter } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { CardTitle } from "../../../components/card-title";
import { NumberField } from "../../../components/number-field";
import { usePrint } from "../../../components/print/use-print";
import { ScannedStockPicker, ScannedStockTable, useScannedStock } from "../../../components/document/scanned-stock";
import { buildLabelsHtml, LABEL_CSS } from "./label-html";

type Mode = "labels" | "sheet";

/** /stock/print-stock ("Print Item"): scan stock rows, then print price labels or a stock sheet. */
export default function PrintStockPage() {
  const { t } = useLingui();
  const print = usePrint();
  const scanned = useScannedStock();
  const { branch, lines, setLines } = scanned;
  const [mode, setMode] = useState<Mode>("labels");
  const money = (v: string) => formatAmount(tryMoney(v) ?? 0);

  const doPrint = () => {
    if (mode === "labels") {
      print({
        title: t`Print Item`,
        hideHeader: true,
        css: LABEL_CSS,
        body: buildLabelsHtml(
          lines.map((l) => ({
            name: l.name,
            barcode: l.barcode,
            price: money(l.price),
            batch: l.batch_number,
            expiry: formatDate(l.expire_date),
            copies: Number(l.quantity) || 0,
          })),
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
        <ScannedStockPicker scanned={scanned} />
        <Flex gap="3" align="center" mb="3" wrap="wrap">
          <SegmentGroup.Root value={mode} onValueChange={(details) => setMode((details.value as Mode) ?? "labels")} size="sm">
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={[
                { value: "labels", label: t`Labels` },
                { value: "sheet", label: t`Stock sheet` },
              ]}
            />
          </SegmentGroup.Root>
          <Box flex="1" />
          <Button colorPalette="blue" disabled={lines.length === 0} onClick={doPrint}>
            <LuPrinter />
            <Trans>Print</Trans>
          </Button>
        </Flex>
        <ScannedStockTable
          scanned={scanned}
          column={{
            title: <Trans>Copies</Trans>,
            render: (line, index) => (
              <NumberField
                aria-label={`${t`Copies`} ${index + 1}`}
                min={1}
                max={200}
                decimals={0}
                currency
                value={line.quantity}
                onValueChange={(value) => setLines(lines.map((l) => (l.key === line.key ? { ...l, quantity: value } : l)))}
              />
            ),
          }}
        />
      </Card.Body>
    </Card.Root>
  );
}
