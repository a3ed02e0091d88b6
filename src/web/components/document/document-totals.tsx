import { Badge, Box, Flex, Text } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { PAYMENT_STATUS_COLOURS, shownPaymentStatus, type PaymentStatus } from "../../../core/payment-status";
import { formatAmount, tryMoney } from "../../../core/money";
import type { DocumentTotalsValue } from "./document-lines";
import { textOf } from "../../../core/text";

/** SPEC colour roles to Chakra palettes: error red, warning orange, success green. */
const PALETTE = { error: "red", warning: "orange", success: "green" } as const;

export function paymentStatusPalette(status: PaymentStatus): string {
  return PALETTE[PAYMENT_STATUS_COLOURS[status]];
}

export function usePaymentStatusLabel(): (status: PaymentStatus) => string {
  const { t } = useLingui();
  return (status) => (status === "paid" ? t`Paid` : status === "partial_paid" ? t`Partial Paid` : t`Unpaid`);
}

/** A payment status badge in the SPEC colours (Unpaid error, Partial Paid warning, Paid success). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const label = usePaymentStatusLabel();
  return (
    <Badge
      colorPalette={paymentStatusPalette(status)}
      variant="solid"
      // White on the warning orange and the success green is below the 4.5:1 contrast text needs: dark text there.
      color={PAYMENT_STATUS_COLOURS[status] === "error" ? undefined : "rgba(0, 0, 0, 0.87)"}
      data-testid="payment-status"
    >
      {label(status)}
    </Badge>
  );
}

/** Accepts the server's status values too ("Partial Paid", "partial_paid", "paid"...). */
export function normalisePaymentStatus(value: unknown): PaymentStatus | null {
  const key = textOf(value)
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return key === "paid" || key === "unpaid" || key === "partial_paid" ? key : null;
}

export interface DocumentTotalsProps {
  totals: DocumentTotalsValue;
  /** Currency code or symbol shown after the amounts. */
  currency?: string;
  /** Hides paid, remaining and the status (quotations, returns). */
  hidePayment?: boolean;
  hideDiscount?: boolean;
}

/** Total, discount, net, paid, remaining and the payment status of a document. */
export function DocumentTotals({ totals, currency, hidePayment, hideDiscount }: DocumentTotalsProps) {
  const { t } = useLingui();
  const status = shownPaymentStatus(tryMoney(totals.net) ?? 0, totals.status);
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Flex justify="space-between" gap="6" py="1" data-testid={testId}>
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight={strong ? "bold" : "medium"} fontSize={strong ? "lg" : "md"} dir="ltr">
        {formatAmount(tryMoney(value) ?? 0)}
        {currency ? ` ${currency}` : ""}
      </Text>
    </Flex>
  );
  return (
    <Box minW="64" borderWidth="1px" borderRadius="md" px="4" py="2" data-testid="document-totals">
      {row(t`Total`, totals.total, "total")}
      {hideDiscount ? null : row(t`Discount`, totals.discount, "discount")}
      {row(t`Net`, totals.net, "net", true)}
      {hidePayment ? null : (
        <>
          {row(t`Paid`, totals.paid, "paid")}
          {row(t`Remaining`, totals.remaining, "remaining")}
          {status ? (
            <Flex justify="end" pt="1">
              <PaymentStatusBadge status={status} />
            </Flex>
          ) : null}
        </>
      )}
    </Box>
  );
}
