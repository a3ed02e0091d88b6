import { useMemo } from "react";
import { Box, Checkbox, Field, Input, NativeSelect, SimpleGrid, Table, Text } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../../core/dates";
import {
  allocatePaid,
  installmentSchedule,
  MONTHS_COUNT_MAX,
  MONTHS_COUNT_MIN,
  type ReceiptFrequency,
} from "../../../../core/installments";
import { formatAmount, tryMoney } from "../../../../core/money";
import { translateMessage } from "../../../lib/messages";
import { NumberField } from "../../../components/number-field";
import { LabelledDateInput } from "../../../components/form/labelled-date-input";

export interface InstallmentValues {
  is_premium: boolean;
  months_count: string;
  premium_receipt_amount: string;
  receipt_frequency: ReceiptFrequency;
  next_receipt_date: string;
  guarantor_name: string;
  guarantor_phone: string;
  guarantor_address: string;
}

export interface InstallmentFieldsProps {
  values: InstallmentValues;
  onChange: (field: keyof InstallmentValues, value: string | boolean) => void;
  /** What the schedule covers: the net of the sale, and what is paid now. */
  net: string;
  paid: string;
  errors?: Partial<Record<keyof InstallmentValues, string>>;
}

const MONTHS = Array.from({ length: MONTHS_COUNT_MAX - MONTHS_COUNT_MIN + 1 }, (_, i) => MONTHS_COUNT_MIN + i);

/** The installment (premium) section of a sale: toggle, plan, guarantor, and the schedule preview. */
export function InstallmentFields({ values, onChange, net, paid, errors }: InstallmentFieldsProps) {
  const { t } = useLingui();
  const err = (field: keyof InstallmentValues) => (errors?.[field] ? translateMessage(errors[field]) : undefined);
  const schedule = useMemo(() => {
    if (!values.is_premium || !values.next_receipt_date || !tryMoney(values.premium_receipt_amount)) return [];
    return allocatePaid(
      installmentSchedule(net, {
        months_count: Number(values.months_count) || 1,
        premium_receipt_amount: values.premium_receipt_amount,
        receipt_frequency: values.receipt_frequency,
        next_receipt_date: values.next_receipt_date,
      }),
      tryMoney(paid) ?? 0,
    );
  }, [values, net, paid]);

  return (
    <Box borderWidth="1px" borderRadius="md" p="4">
      <Checkbox.Root checked={values.is_premium} onCheckedChange={(d) => onChange("is_premium", d.checked === true)} size="lg">
        <Checkbox.HiddenInput name="is_premium" />
        <Checkbox.Control />
        <Checkbox.Label>{t`Installment sale`}</Checkbox.Label>
      </Checkbox.Root>
      {values.is_premium ? (
        <>
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="4" mt="4">
            <Field.Root invalid={Boolean(err("months_count"))} required ids={{ control: "months_count" }}>
              <Field.Label>
                {t`Months Count`}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="months_count"
                  value={values.months_count}
                  onChange={(e) => onChange("months_count", e.target.value)}
                >
                  {MONTHS.map((m) => (
                    <option key={m} value={String(m)}>
                      {m}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{err("months_count")}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(err("premium_receipt_amount"))} required ids={{ control: "premium_receipt_amount" }}>
              <Field.Label>
                {t`Premium Receipt Amount`}
                <Field.RequiredIndicator />
              </Field.Label>
              <NumberField
                name="premium_receipt_amount"
                value={values.premium_receipt_amount}
                onValueChange={(v) => onChange("premium_receipt_amount", v)}
                min={0}
                currency
                hideStepper
              />
              <Field.ErrorText>{err("premium_receipt_amount")}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(err("receipt_frequency"))} required ids={{ control: "receipt_frequency" }}>
              <Field.Label>
                {t`Receipt Frequency`}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="receipt_frequency"
                  value={values.receipt_frequency}
                  onChange={(e) => onChange("receipt_frequency", e.target.value)}
                >
                  <option value="monthly">{t`Monthly`}</option>
                  <option value="weekly">{t`Weekly`}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{err("receipt_frequency")}</Field.ErrorText>
            </Field.Root>
            <LabelledDateInput
              name="next_receipt_date"
              label={t`Next Receipt Date`}
              required
              value={values.next_receipt_date}
              onValueChange={(value) => onChange("next_receipt_date", value)}
              errorText={err("next_receipt_date")}
            />
            <Field.Root invalid={Boolean(err("guarantor_name"))} ids={{ control: "guarantor_name" }}>
              <Field.Label>{t`Guarantor Name`}</Field.Label>
              <Input
                name="guarantor_name"
                value={values.guarantor_name}
                onChange={(e) => onChange("guarantor_name", e.target.value)}
                autoComplete="off"
              />
              <Field.ErrorText>{err("guarantor_name")}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(err("guarantor_phone"))} ids={{ control: "guarantor_phone" }}>
              <Field.Label>{t`Guarantor Phone`}</Field.Label>
              <Input
                name="guarantor_phone"
                type="tel"
                dir="ltr"
                value={values.guarantor_phone}
                onChange={(e) => onChange("guarantor_phone", e.target.value)}
                autoComplete="off"
              />
              <Field.ErrorText>{err("guarantor_phone")}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(err("guarantor_address"))} ids={{ control: "guarantor_address" }} gridColumn={{ md: "span 2" }}>
              <Field.Label>{t`Guarantor Address`}</Field.Label>
              <Input
                name="guarantor_address"
                value={values.guarantor_address}
                onChange={(e) => onChange("guarantor_address", e.target.value)}
                autoComplete="off"
              />
              <Field.ErrorText>{err("guarantor_address")}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Text fontWeight="medium" mt="4" mb="2">{t`Schedule of receipts`}</Text>
          {schedule.length === 0 ? (
            <Text color="fg.muted">{t`Enter the receipt amount and the next receipt date to see the schedule.`}</Text>
          ) : (
            <ScheduleTable rows={schedule} />
          )}
        </>
      ) : null}
    </Box>
  );
}

/** Expected receipts: date, amount, paid, due. */
export function ScheduleTable({ rows }: { rows: readonly { index: number; date: string; amount: string; paid?: string; due?: string }[] }) {
  const { t } = useLingui();
  const money = (v: string | undefined) => formatAmount(tryMoney(v ?? "0") ?? 0);
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="outline" data-testid="premium-schedule">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>#</Table.ColumnHeader>
            <Table.ColumnHeader>{t`Date`}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t`Amount`}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t`Paid`}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t`Due`}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.index}>
              <Table.Cell>{r.index}</Table.Cell>
              <Table.Cell>{formatDate(r.date)}</Table.Cell>
              <Table.Cell textAlign="end">{money(r.amount)}</Table.Cell>
              <Table.Cell textAlign="end">{money(r.paid)}</Table.Cell>
              <Table.Cell textAlign="end">{money(r.due ?? r.amount)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
