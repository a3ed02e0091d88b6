import { useMemo, useState, type ReactNode } from "react";
import { Button, ButtonGroup, Dialog, Field, Flex, Portal, SimpleGrid, Stack, Text, Wrap } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { dueIn, quickAmounts } from "../../../../core/counter-change";
import { formatAmount as format, isPositive } from "../../../../core/money";

const formatAmount = (value: string, o: { currency: string }) => `${format(value, { trimZeros: true })} ${o.currency}`.trim();
import { NumberField } from "../../../components/number-field";
import { payOutcome, type PayOutcome, type TenderCurrency } from "./counter-payment";

export interface PayDialogProps {
  open: boolean;
  /** The sale's net, in its currency. */
  due: string;
  saleCurrencyCode: string;
  saleRate: string;
  currencies: readonly TenderCurrency[];
  saving: boolean;
  onCancel: () => void;
  onPay: (outcome: PayOutcome) => void;
  /** Shown above the tenders with what the sale leaves unpaid (the customer's credit-limit warning). */
  notice?: (remaining: string) => ReactNode;
}

/**
 * What the customer hands over, in each currency the user has a cashbox of (together or alone), with
 * quick amounts; the change in the currency the cashier picks, at the day's rate (core counter-change).
 */
export function PayDialog(props: PayDialogProps) {
  const { t } = useLingui();
  const { due, saleRate, currencies } = props;
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [changeCurrencyId, setChangeCurrencyId] = useState<number>(currencies[0]?.currencyId ?? 0);
  const outcome = useMemo(
    () => payOutcome(due, saleRate, currencies, { amounts, changeCurrencyId }),
    [due, saleRate, currencies, amounts, changeCurrencyId],
  );
  const changeCode = currencies.find((c) => c.currencyId === changeCurrencyId)?.code ?? "";
  const covered = !isPositive(outcome.remaining);
  const nothing = outcome.payments.length === 0;
  const setAmount = (currencyId: number, value: string) => setAmounts((a) => ({ ...a, [currencyId]: value }));

  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(d) => (!d.open ? props.onCancel() : undefined)}
      placement="center"
      size={{ base: "full", md: "lg" }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="pay-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Pay</Trans> · {formatAmount(due, { currency: props.saleCurrencyCode })}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {props.notice?.(outcome.remaining)}
                {currencies.map((c) => {
                  const owed = dueIn(due, saleRate, c.rate);
                  return (
                    <Field.Root key={c.currencyId} ids={{ control: `tender-${c.code}` }}>
                      <Field.Label>
                        <Trans>Handed over in {c.code}</Trans>
                      </Field.Label>
                      <NumberField
                        name={`tender-${c.code}`}
                        value={amounts[c.currencyId] ?? ""}
                        onValueChange={(v) => setAmount(c.currencyId, v)}
                        min={0}
                        hideStepper
                      />
                      <Wrap gap="2" mt="2">
                        {quickAmounts(owed, c.code).map((q, i) => (
                          <Button
                            key={q}
                            size="sm"
                            variant="outline"
                            minH="10"
                            data-testid={`quick-${c.code}-${q}`}
                            onClick={() => setAmount(c.currencyId, q)}
                          >
                            {i === 0 ? t`Exact` : null} {formatAmount(q, { currency: c.code })}
                          </Button>
                        ))}
                      </Wrap>
                    </Field.Root>
                  );
                })}
                {currencies.length > 1 ? (
                  <Field.Root>
                    <Field.Label>
                      <Trans>Change in</Trans>
                    </Field.Label>
                    <ButtonGroup attached size="md" role="radiogroup" aria-label={t`Change in`}>
                      {currencies.map((c) => (
                        <Button
                          key={c.currencyId}
                          role="radio"
                          aria-checked={c.currencyId === changeCurrencyId}
                          variant={c.currencyId === changeCurrencyId ? "solid" : "outline"}
                          onClick={() => setChangeCurrencyId(c.currencyId)}
                        >
                          {c.code}
                        </Button>
                      ))}
                    </ButtonGroup>
                  </Field.Root>
                ) : null}
                <SimpleGrid columns={2} gap="2" fontSize="lg">
                  <Text>
                    <Trans>Handed over</Trans>
                  </Text>
                  <Text textAlign="end" data-testid="pay-tendered">
                    {formatAmount(outcome.tendered, { currency: props.saleCurrencyCode })}
                  </Text>
                  <Text>
                    <Trans>Remaining</Trans>
                  </Text>
                  <Text textAlign="end" data-testid="pay-remaining" color={covered ? undefined : "fg.warning"}>
                    {formatAmount(outcome.remaining, { currency: props.saleCurrencyCode })}
                  </Text>
                  <Text fontWeight="bold">
                    <Trans>Change</Trans>
                  </Text>
                  <Text textAlign="end" fontWeight="bold" data-testid="pay-change">
                    {formatAmount(outcome.change, { currency: changeCode })}
                  </Text>
                </SimpleGrid>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Flex gap="3" w="full" justify="end" wrap="wrap">
                <Button variant="outline" size="lg" onClick={props.onCancel} disabled={props.saving}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button
                  colorPalette="green"
                  size="lg"
                  data-testid="pay-confirm"
                  loading={props.saving}
                  onClick={() => props.onPay(outcome)}
                  disabled={nothing && isPositive(due)}
                >
                  {covered ? <Trans>Complete sale</Trans> : <Trans>Save with remaining on account</Trans>}
                </Button>
              </Flex>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
