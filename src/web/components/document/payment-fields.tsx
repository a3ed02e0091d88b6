import { useEffect, useMemo, useRef, useState } from "react";
import { Button, ButtonGroup, Field, SimpleGrid } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useCurrentUser } from "../../lib/use-permission";
import { translateMessage } from "../../lib/messages";
import { isPositive, tryMoney } from "../../../core/money";
import { settledPaymentType } from "../../../core/payment-status";
import { NumberField } from "../number-field";
import { EntitySelect } from "../selectors/entity-select";

import type { PaymentType } from "./payment-rules";

export { cashboxProblem, type PaymentType } from "./payment-rules";

export interface PaymentFieldsProps {
  branchId: number | null;
  currencyId: number | null;
  /** Net of the document: a cash payment pays it all by default. */
  net: string;
  paymentType: PaymentType;
  onPaymentTypeChange: (type: PaymentType) => void;
  cashbox: number | null;
  onCashboxChange: (id: number | null) => void;
  paidAmount: string;
  onPaidAmountChange: (amount: string) => void;
  errors?: { payment_type?: string; cashbox?: string; paid_amount?: string };
  disabled?: boolean;
  /** One field per row (a narrow side panel). */
  stacked?: boolean;
  /**
   * The type follows the paid amount as it is typed (Cash when it covers the net, else Debit: the rule
   * the server saves with, settledPaymentType) until the user sets the type themselves.
   */
  typeFollowsPaid?: boolean;
}

/**
 * Payment type (Cash / Debit), the cashbox (the user's, of the branch AND the currency; a single one
 * is picked and hidden) and the paid amount. Cash sets paid = net, and follows the net while cash.
 */
export function PaymentFields(props: PaymentFieldsProps) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const { branchId, currencyId, net, paymentType, cashbox, onCashboxChange, onPaidAmountChange, paidAmount, errors, disabled } = props;
  const cashboxes = useMemo(
    () =>
      (user?.cashboxes ?? []).filter(
        (c) => (branchId === null || c.branch_id === branchId) && (currencyId === null || c.currency.id === currencyId),
      ),
    [user, branchId, currencyId],
  );
  const only = cashboxes.length === 1 ? cashboxes[0].id : null;
  useEffect(() => {
    if (only !== null && cashbox !== only) onCashboxChange(only);
    else if (cashbox !== null && !cashboxes.some((c) => c.id === cashbox)) onCashboxChange(null);
  }, [only, cashbox, cashboxes, onCashboxChange]);

  // Cash pays the net: follow it while the type is cash.
  const lastNet = useRef(net);
  useEffect(() => {
    if (paymentType === "cash" && (lastNet.current !== net || paidAmount === "")) onPaidAmountChange(net);
    lastNet.current = net;
  }, [net, paymentType, paidAmount, onPaidAmountChange]);

  // Set by a tap on Cash or Debit: from then on the type is the user's.
  const [typeChosen, setTypeChosen] = useState(false);
  const follows = props.typeFollowsPaid === true && !typeChosen;
  const { onPaymentTypeChange } = props;
  const typePaid = (amount: string) => {
    onPaidAmountChange(amount);
    if (!follows || tryMoney(amount) === null) return;
    const settled = settledPaymentType(net, amount);
    if (settled !== paymentType) onPaymentTypeChange(settled);
  };
  // A debit sale whose net falls to what is paid is paid in full: Cash (a cash one already follows the net).
  useEffect(() => {
    if (!follows || paymentType !== "debit" || !isPositive(tryMoney(net) ?? 0) || tryMoney(paidAmount) === null) return;
    if (settledPaymentType(net, paidAmount) === "cash") onPaymentTypeChange("cash");
  }, [follows, net, paidAmount, paymentType, onPaymentTypeChange]);

  const setType = (type: PaymentType) => {
    setTypeChosen(true);
    onPaymentTypeChange(type);
    onPaidAmountChange(type === "cash" ? net : "0");
  };
  const cashboxError = errors?.cashbox ?? null;

  return (
    <SimpleGrid columns={props.stacked ? 1 : { base: 1, md: 3 }} gap="4" alignItems="start">
      <Field.Root>
        <Field.Label>{t`Payment Type`}</Field.Label>
        <ButtonGroup attached w="full" size="md" role="radiogroup" aria-label={t`Payment Type`}>
          <Button
            flex="1"
            role="radio"
            aria-checked={paymentType === "cash"}
            variant={paymentType === "cash" ? "solid" : "outline"}
            colorPalette="blue"
            disabled={disabled}
            onClick={() => setType("cash")}
          >
            {t`Cash`}
          </Button>
          <Button
            flex="1"
            role="radio"
            aria-checked={paymentType === "debit"}
            variant={paymentType === "debit" ? "solid" : "outline"}
            colorPalette="blue"
            disabled={disabled}
            onClick={() => setType("debit")}
          >
            {t`Debit`}
          </Button>
        </ButtonGroup>
      </Field.Root>
      {only === null ? (
        <EntitySelect
          label={t`Cashbox`}
          name="cashbox"
          items={cashboxes}
          value={cashbox}
          itemLabel={(c) => `${c.name} (${c.currency.code})`}
          onChange={(id) => onCashboxChange(typeof id === "number" ? id : null)}
          invalid={Boolean(cashboxError)}
          errorText={cashboxError ? translateMessage(cashboxError) : undefined}
          disabled={disabled}
        />
      ) : null}
      <Field.Root invalid={Boolean(errors?.paid_amount)} ids={{ control: "paid_amount" }}>
        <Field.Label>{t`Paid Amount`}</Field.Label>
        <NumberField name="paid_amount" value={paidAmount} onValueChange={typePaid} min={0} currency hideStepper disabled={disabled} />
        <Field.ErrorText>{errors?.paid_amount ? translateMessage(errors.paid_amount) : null}</Field.ErrorText>
      </Field.Root>
    </SimpleGrid>
  );
}
