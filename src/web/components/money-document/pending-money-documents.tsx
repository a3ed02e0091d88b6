import { Badge, Flex, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { formatDate } from "../../../core/dates";
import { formatAmount, tryMoney } from "../../../core/money";
import { translateMessage } from "../../lib/messages";
import { useCurrentUser } from "../../lib/use-permission";
import { usePendingMoneyDocuments } from "../../offline/use-pending-documents";

/**
 * Money documents keyed on this device and not synced yet (an expense or a receipt saved offline),
 * above their list: provisional number, date, party, cashbox, amount, and the server's refusal.
 */
export function PendingMoneyDocuments({ resource }: { resource: string }) {
  const pending = usePendingMoneyDocuments(resource);
  const user = useCurrentUser();
  if (pending.length === 0) return null;
  const cashboxOf = (id: number | null) => user?.cashboxes?.find((c) => c.id === id);
  return (
    <Stack gap="2" mb="4" p="3" borderWidth="1px" borderRadius="md" borderColor="orange.300" data-testid="pending-money-documents">
      <Text fontWeight="medium">
        <Trans>Saved on this device, waiting to sync</Trans>
      </Text>
      {pending.map((p) => {
        const cashbox = cashboxOf(p.cashbox);
        return (
          <Flex key={p.id} gap="3" align="center" wrap="wrap" p="2" borderRadius="sm" data-testid="pending-money-document">
            <Badge colorPalette={p.status === "needs_attention" ? "red" : "orange"}>
              {p.status === "needs_attention" ? <Trans>Needs attention</Trans> : <Trans>Pending sync</Trans>}
            </Badge>
            <Text fontWeight="medium">{p.invoice_no}</Text>
            {p.input_date ? <Text>{formatDate(p.input_date)}</Text> : null}
            {p.party_name ? <Text>{p.party_name}</Text> : null}
            {cashbox ? <Text>{cashbox.name}</Text> : null}
            <Text dir="ltr">
              {formatAmount(tryMoney(p.amount) ?? 0)} {cashbox?.currency.code ?? ""}
            </Text>
            {p.note ? <Text color="fg.muted">{p.note}</Text> : null}
            {p.message ? (
              <Text color="fg.error" fontSize="sm">
                {translateMessage(p.message)}
              </Text>
            ) : null}
          </Flex>
        );
      })}
    </Stack>
  );
}
