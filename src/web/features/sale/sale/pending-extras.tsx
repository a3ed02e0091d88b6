import { Box, Flex, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { formatAmount, tryMoney } from "../../../../core/money";
import { translateMessage } from "../../../lib/messages";
import { PendingBadge } from "../../../components/document/pending-badge";
import { saleExtraResource, saleTotals } from "../../../offline/pending-documents";
import { usePendingDocuments } from "../../../offline/use-pending-documents";

/** Extra material added to this sale on the device and not synced yet (or refused by the server). */
export function PendingExtras({ saleId, currencyCode }: { saleId: number; currencyCode: string }) {
  const pending = usePendingDocuments(saleExtraResource(saleId));
  if (pending.length === 0) return null;
  return (
    <Stack gap="2" data-testid="pending-extras">
      {pending.map((doc) => {
        const lines = Array.isArray(doc.body.items) ? doc.body.items.length : 0;
        const total = formatAmount(tryMoney(saleTotals(doc.body).total_price) ?? 0);
        return (
          <Box key={doc.id} borderWidth="1px" borderRadius="md" p="3">
            <Flex gap="2" align="center" wrap="wrap">
              <PendingBadge status={doc.status} />
              <Text>
                <Trans>
                  Extra material: {lines} lines, {total} {currencyCode}
                </Trans>
              </Text>
            </Flex>
            {doc.status === "needs_attention" && doc.message ? (
              <Text color="fg.error" mt="1">
                {translateMessage(doc.message)}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
