import { Box, SimpleGrid, Text } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { formatAmount, isDecimalString, sub } from "../../../core/money";

/** Expected (the ledger's), counted and the difference, side by side, as a count or adjustment shows them. */
export function CountFigures({ expected, counted, currency }: { expected: string | null; counted: string; currency: string }) {
  const { t } = useLingui();
  const ready = expected !== null && isDecimalString(String(counted ?? "").trim());
  const difference = ready ? sub(counted, expected) : null;
  const money = (value: string | null) => (value === null ? "-" : `${formatAmount(value)} ${currency}`);
  return (
    <SimpleGrid columns={3} gap="3" borderWidth="1px" borderRadius="md" p="3" data-testid="count-figures">
      <Figure label={t`Expected`} value={money(expected)} />
      <Figure label={t`Counted`} value={ready ? money(counted) : "-"} />
      <Figure
        label={t`Difference`}
        value={difference === null ? "-" : `${difference.isPositive() && !difference.isZero() ? "+" : ""}${money(difference.toString())}`}
        color={difference === null || difference.isZero() ? undefined : difference.isNegative() ? "red.600" : "green.600"}
      />
    </SimpleGrid>
  );
}

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" color={color}>
        {value}
      </Text>
    </Box>
  );
}
