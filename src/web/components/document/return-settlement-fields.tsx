import { Field, Input, SegmentGroup, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { CashboxSelect } from "../selectors/cashbox-select";

/** What a return gives back of what its invoice took: nothing, a refund through a cashbox, or a credit note. */
export type SettlementMode = "none" | "refund" | "credit_note";

export interface SettlementValue {
  mode: SettlementMode;
  cashbox: number | null;
  amount: string;
}

export const NO_SETTLEMENT_VALUE: SettlementValue = { mode: "none", cashbox: null, amount: "" };

/** The body fields of the choice (the server checks them against what the invoice took). */
export function settlementBody(value: SettlementValue): {
  refund: { cashbox: number | null; amount: string } | null;
  credit_note: boolean;
} {
  return {
    refund: value.mode === "refund" ? { cashbox: value.cashbox, amount: value.amount.trim() || "0" } : null,
    credit_note: value.mode === "credit_note",
  };
}

/** The choice as a stored return answers it. */
export function settlementOf(record: {
  refund_cashbox?: number | null;
  refund_amount?: string;
  credit_note_amount?: string;
}): SettlementValue {
  if (record.refund_cashbox) return { mode: "refund", cashbox: record.refund_cashbox, amount: record.refund_amount ?? "" };
  if (record.credit_note_amount && Number(record.credit_note_amount) > 0) return { ...NO_SETTLEMENT_VALUE, mode: "credit_note" };
  return NO_SETTLEMENT_VALUE;
}

/** A stored return's refund and credit note as the view and print list them. */
export interface SettlementRecord {
  refund_cashbox?: number | null;
  refund_cashbox_name?: string | null;
  refund_amount?: string;
  credit_note_amount?: string;
  credit_note_open?: string;
}

export function useSettlementFields(): (record: SettlementRecord, currencyCode: string) => { label: string; value: string }[] {
  const { t } = useLingui();
  return (record, currencyCode) => [
    ...(record.refund_cashbox && record.refund_amount
      ? [{ label: t`Refund`, value: `${record.refund_amount} ${currencyCode} · ${record.refund_cashbox_name ?? ""}` }]
      : []),
    ...(record.credit_note_amount && Number(record.credit_note_amount) > 0
      ? [
          { label: t`Credit note`, value: `${record.credit_note_amount} ${currencyCode}` },
          { label: t`Credit note open`, value: `${record.credit_note_open ?? record.credit_note_amount} ${currencyCode}` },
        ]
      : []),
  ];
}

interface Props {
  value: SettlementValue;
  onChange: (value: SettlementValue) => void;
  branchId: number | null;
  /** "customer": the refund is paid out; "supplier": it is taken in. */
  party: "customer" | "supplier";
}

/** The return form's choice of a refund or a credit note (none: the credit stays on the party's account). */
export function ReturnSettlementFields({ value, onChange, branchId, party }: Props) {
  const { t } = useLingui();
  return (
    <Stack gap="2" data-testid="return-settlement">
      <SegmentGroup.Root
        size="sm"
        value={value.mode}
        onValueChange={(e) => e.value && onChange({ ...value, mode: e.value as SettlementMode })}
        aria-label={t`Give back`}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: "none", label: t`Keep on the account` },
            { value: "refund", label: party === "customer" ? t`Refund from a cashbox` : t`Refund into a cashbox` },
            { value: "credit_note", label: t`Credit note` },
          ]}
        />
      </SegmentGroup.Root>
      {value.mode === "refund" ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <CashboxSelect
            name="refund_cashbox"
            branchId={branchId}
            value={value.cashbox}
            onChange={(id) => onChange({ ...value, cashbox: typeof id === "number" ? id : null })}
            required
          />
          <Field.Root required ids={{ control: "refund_amount" }}>
            <Field.Label>
              {t`Refund amount`}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="refund_amount"
              inputMode="decimal"
              dir="ltr"
              value={value.amount}
              onChange={(e) => onChange({ ...value, amount: e.target.value })}
            />
          </Field.Root>
        </SimpleGrid>
      ) : null}
      {value.mode === "credit_note" ? (
        <Text fontSize="sm" color="fg.muted">
          {t`What was paid and is returned stays as a credit note a later invoice can use.`}
        </Text>
      ) : null}
    </Stack>
  );
}
