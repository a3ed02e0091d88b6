import { useMemo } from "react";
import { Badge, Box, Flex, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { formatAmount, tryMoney } from "../../../../core/money";
import { CardTitle } from "../../../components/card-title";
import { PaymentStatusBadge } from "../../../components/document/document-totals";
import { usePaymentStatusColumn } from "../../../components/document/payment-status-column";
import type { ColumnDef } from "../../../components/table/column-def";
import { PagedTable } from "../../../components/table/paged-table";
import { translateMessage } from "../../../lib/messages";
import { usePendingSales } from "../../../offline/use-pending-documents";
import type { SaleRecord } from "../../../components/sale/sale-record";

const PATH = "/sale/sale";

export default function SaleList() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const statusColumn = usePaymentStatusColumn<SaleRecord>();
  const columns = useMemo<ColumnDef<SaleRecord>[]>(
    () => [
      { key: "invoice_no", title: t`Invoice No.`, sortable: true, filterType: "number" },
      { key: "input_date", title: t`Date`, sortable: true, kind: "date" },
      { key: "customer_name", title: t`Customer`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true },
      { key: "payment_type", title: t`Payment Type`, sortable: true, text: (r) => (r.payment_type === "debit" ? t`Debit` : t`Cash`) },
      { key: "total_price", title: t`Total`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "discount", title: t`Discount`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "net_price", title: t`Net`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "paid_amount", title: t`Paid`, sortable: true, filterType: "number", kind: "money", sum: true },
      { key: "remaining", title: t`Remaining`, sortable: true, filterType: "number", kind: "money", sum: true },
      statusColumn,
      {
        key: "is_premium",
        title: t`Installment`,
        filterType: "list",
        list: [
          { id: "true", name: t`Yes` },
          { id: "false", name: t`No` },
        ],
        text: (r) => (r.is_premium ? t`Yes` : ""),
      },
    ],
    [t, statusColumn],
  );
  return (
    <Box>
      <CardTitle title={t`Sales`} />
      <PendingSales />
      <PagedTable<SaleRecord>
        storageKey={PATH}
        title={t`Sales`}
        endpoint="sale/"
        columns={columns}
        dateFilter
        branchColumn
        currencyFilter
        showTotals
        addPermission="add_sale"
        onAdd={() => navigate(`${PATH}/add`)}
        onRowClick={(row) => navigate(`${PATH}/${row.id}/view`)}
      />
    </Box>
  );
}

/** Sales saved on this device and not synced yet: provisional number, customer, net, status; click prints. */
function PendingSales() {
  const navigate = useNavigate();
  const pending = usePendingSales();
  if (pending.length === 0) return null;
  return (
    <Stack gap="2" mb="4" p="3" borderWidth="1px" borderRadius="md" borderColor="orange.300" data-testid="pending-sales">
      <Text fontWeight="medium">
        <Trans>Saved on this device, waiting to sync</Trans>
      </Text>
      {pending.map((p) => (
        <Flex
          key={p.id}
          gap="3"
          align="center"
          wrap="wrap"
          cursor="pointer"
          p="2"
          borderRadius="sm"
          _hover={{ bg: "bg.muted" }}
          onClick={() => navigate(`${PATH}/pending-${p.entry_id}/view`)}
        >
          <Badge colorPalette={p.status === "needs_attention" ? "red" : "orange"}>
            {p.status === "needs_attention" ? <Trans>Needs attention</Trans> : <Trans>Pending sync</Trans>}
          </Badge>
          <Text fontWeight="medium">{p.invoice_no}</Text>
          <Text>{p.customer_name}</Text>
          <Text dir="ltr">{formatAmount(tryMoney(p.net_price) ?? 0)}</Text>
          <PaymentStatusBadge status={p.payment_status} />
          {p.message ? (
            <Text color="fg.error" fontSize="sm">
              {translateMessage(p.message)}
            </Text>
          ) : null}
        </Flex>
      ))}
    </Stack>
  );
}
