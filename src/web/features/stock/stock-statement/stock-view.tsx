import { useEffect, useState } from "react";
import { Badge, Button, Card, DataList, Flex, HStack, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate, useSearchParams } from "react-router";
import { LuHistory, LuPrinter } from "react-icons/lu";
import { formatDate } from "../../../../core/dates";
import { formatAmount, mul, tryMoney } from "../../../../core/money";
import { CardTitle } from "../../../components/card-title";
import { usePrint } from "../../../components/print/use-print";
import { api } from "../../../lib/api-client";
import { formatQuantity, statementRows, type StatementAnswer } from "./statement-rows";
import { StatementTable, statementPrintTable, useDocumentTypeLabel } from "./statement-table";

interface StockDetail {
  id: number;
  item: { id: number; barcode: string | null; name: string; item_type: number; code?: string | null };
  inventory: number;
  inventory_name: string;
  batch_number: string | null;
  expire_date: string | null;
  expired: boolean;
  quantity: string;
  purchase_price: string;
  sale_price: string;
}

const money = (v: unknown) => {
  const m = tryMoney(v);
  return m ? formatAmount(m) : "";
};

/** /stock/stock/view?id=: one stock row (item, inventory, batch, prices) and its movements. */
export default function StockView() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  const [stock, setStock] = useState<StockDetail | null>(null);
  const [statement, setStatement] = useState<StatementAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const print = usePrint();
  const typeLabel = useDocumentTypeLabel();

  useEffect(() => {
    if (!id) {
      setFailed(true);
      return;
    }
    let cancelled = false;
    api
      .get(`stock/${id}/`)
      .json<StockDetail>()
      .then(async (row) => {
        if (cancelled) return;
        setStock(row);
        const answer = await api
          .get("stock/statement/", { searchParams: { item: String(row.item.id), inventory: String(row.inventory) } })
          .json<StatementAnswer>();
        if (!cancelled) setStatement(answer);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [id]);

  const rows = statement ? statementRows(statement, id) : [];
  if (failed) {
    return (
      <Card.Root>
        <Card.Body>
          <CardTitle title={t`Stock`} back="/stock/stock" />
          <Text>
            <Trans>The record could not be loaded.</Trans>
          </Text>
        </Card.Body>
      </Card.Root>
    );
  }
  if (!stock) return <Spinner m="6" />;
  const value = tryMoney(stock.quantity) && tryMoney(stock.purchase_price) ? mul(stock.quantity, stock.purchase_price) : null;
  const details: [string, React.ReactNode][] = [
    [t`Item`, stock.item.name],
    [t`Barcode`, stock.item.barcode ?? ""],
    [t`Code`, stock.item.code ?? ""],
    [t`Inventory`, stock.inventory_name],
    [t`Batch Number`, stock.batch_number ?? ""],
    [
      t`Expire Date`,
      <HStack key="expiry" gap="2">
        <span>{formatDate(stock.expire_date)}</span>
        {stock.expired ? (
          <Badge colorPalette="red">
            <Trans>Expired</Trans>
          </Badge>
        ) : null}
      </HStack>,
    ],
    [t`Quantity`, formatQuantity(stock.quantity)],
    [t`Purchase Price`, money(stock.purchase_price)],
    [t`Sale Price`, money(stock.sale_price)],
    [t`Value`, value ? formatAmount(value) : ""],
  ];
  return (
    <Card.Root>
      <Card.Body>
        <CardTitle
          title={`${t`Stock`}: ${stock.item.name}`}
          back="/stock/stock"
          close="/stock/stock"
          actions={
            <HStack gap="2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => navigate(`/stock/stock-statement?item=${stock.item.id}&inventory=${stock.inventory}`)}
              >
                <LuHistory />
                <Trans>Stock Statement</Trans>
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  print({
                    title: `${stock.item.name} - ${stock.inventory_name}`,
                    table: statementPrintTable(
                      rows,
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
            </HStack>
          }
        />
        <Flex mb="5">
          <DataList.Root
            orientation="horizontal"
            size="sm"
            display="grid"
            gridTemplateColumns={{ base: "1fr", md: "1fr 1fr" }}
            columnGap="8"
          >
            {details.map(([label, content]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{content}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Flex>
        <StatementTable rows={rows} showInventory={false} />
      </Card.Body>
    </Card.Root>
  );
}
