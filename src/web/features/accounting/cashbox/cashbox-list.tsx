import { useMemo } from "react";
import { Badge, HStack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatAmount, tryMoney } from "../../../../core/money";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { pendingMoveOf, shownBalance } from "../../../offline/cashbox-overlay";
import { useCashboxOverlay } from "../../../offline/use-cashbox-overlay";

interface Cashbox {
  id: number;
  name: string;
  branch_name: string;
  currency_code: string;
  /** The server's balance; absent on a row read from the device cache (offline). */
  balance?: string;
}

/** Cashboxes with the balance of each, as the ledger has it (the server sums it), plus what this device keyed and has not synced. */
export default function CashboxList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<Cashbox>[]>(
    () => [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "100px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
      { key: "branch_name", title: t`Branch`, sortable: true, filterType: "text" },
      { key: "currency_code", title: t`Currency`, sortable: true, filterType: "text" },
      {
        key: "balance",
        title: t`Balance`,
        sortable: true,
        filterType: "number",
        kind: "money",
        render: (row) => <ShownBalance id={row.id} server={row.balance} />,
      },
    ],
    [t],
  );
  return <CrudList<Cashbox> columns={columns} currencyFilter />;
}

/** The balance with this device's waiting documents laid over it, marked when they change it. */
function ShownBalance({ id, server }: { id: number; server?: string }) {
  const overlay = useCashboxOverlay();
  const shown = shownBalance(overlay, id, server);
  const pending = !pendingMoveOf(overlay, id).isZero();
  return (
    <HStack gap="1" justify="end" data-testid="cashbox-balance">
      {pending ? (
        <Badge colorPalette="orange" size="sm">
          <Trans>incl. pending</Trans>
        </Badge>
      ) : null}
      <Text as="span" dir="ltr">
        {shown === null ? "—" : formatAmount(tryMoney(shown) ?? 0)}
      </Text>
    </HStack>
  );
}
