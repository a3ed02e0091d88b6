import { useEffect, useMemo, useState } from "react";
import { Box, Button, Flex, IconButton, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useFormikContext } from "formik";
import { LuRefreshCw, LuTrash2 } from "react-icons/lu";
import { toIsoDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import { payLine, payrollTotals } from "../../../../core/payroll";
import { payrollSchema } from "../../../../core/validation/hr-schemas";
import { DateField, TextField, useFormField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { NumberField } from "../../../components/number-field";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { CashboxSelect } from "../../../components/selectors/cashbox-select";
import { api } from "../../../lib/api-client";
import { translateMessage } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/use-permission";
import type { RowKey } from "../../../offline/sync-tables";
import { useHrLabels } from "../../../components/hr/hr-labels";
import { useBoundSelector } from "../../../components/hr/bound-selector";
import { HR, wholeMonth } from "../../../components/hr/hr-paths";
import type { PayrollLineRecord, PayrollRecord } from "./payroll-record";

/** One employee's line on the form: the amounts as typed. */
interface LineValues {
  employee: number;
  employee_name: string;
  salary_structure: string;
  base: string;
  bonus: string;
  overtime: string;
  absence: string;
  advance: string;
}

interface Values {
  id: number | null;
  branch: RowKey | null;
  cashbox: RowKey | null;
  period_start: string;
  period_end: string;
  input_date: string;
  note: string;
  lines: LineValues[];
}

const AMOUNTS = ["base", "bonus", "overtime", "absence", "advance"] as const;
const zeroToEmpty = (value: string) => (tryMoney(value)?.isZero() ? "" : value);

const lineOf = (l: Pick<PayrollLineRecord, "employee" | "employee_name" | "salary_structure" | (typeof AMOUNTS)[number]>): LineValues => ({
  employee: l.employee,
  employee_name: l.employee_name,
  salary_structure: l.salary_structure,
  base: l.base,
  bonus: zeroToEmpty(l.bonus),
  overtime: zeroToEmpty(l.overtime),
  absence: zeroToEmpty(l.absence),
  advance: l.advance,
});

/** A line's gross and net as the server will work them out (src/core/payroll.ts). */
function lineTotals(l: LineValues) {
  const result = payLine(
    { base: l.base || "0", bonus: l.bonus || "0", overtime: l.overtime || "0", absence: l.absence || "0", advance: l.advance || "0" },
    l.advance || "0",
  );
  return "totals" in result ? result.totals : null;
}

/**
 * A pay run: branch, cashbox, period, then one line per employee to pay, proposed by the server
 * (hr/payroll/draft/: the contract's base for the period and the advance to recover), each amount
 * editable; the net shows as it is typed. Saving posts it; the server checks everything again.
 */
export default function PayrollForm() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const today = new Date();
  const form = useRecordForm<Values, PayrollRecord>({
    resource: "payroll",
    listPath: HR.payroll.path,
    schema: payrollSchema,
    initialValues: {
      id: null,
      branch: user?.default_branch_id ?? null,
      cashbox: null,
      period_start: wholeMonth(today).start,
      period_end: wholeMonth(today).end,
      input_date: toIsoDate(today),
      note: "",
      lines: [],
    },
    fromRecord: (r) => ({
      id: r.id,
      branch: r.branch,
      cashbox: r.cashbox,
      period_start: r.period_start,
      period_end: r.period_end,
      input_date: r.input_date,
      note: r.note ?? "",
      lines: r.lines.map(lineOf),
    }),
    toBody: (v) => ({
      branch: v.branch,
      cashbox: v.cashbox,
      period_start: v.period_start,
      period_end: v.period_end,
      input_date: v.input_date || null,
      note: v.note.trim() || null,
      lines: v.lines.map((l) => ({
        employee: l.employee,
        base: l.base || "0",
        bonus: l.bonus || null,
        overtime: l.overtime || null,
        absence: l.absence || null,
        advance: l.advance || "0",
      })),
    }),
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Payroll` : t`Add Payroll`} listPath={HR.payroll.path} model="payroll" columns={3} {...form}>
      <BranchField />
      <CashboxField />
      <DateField name="input_date" label={t`Date`} required />
      <DateField name="period_start" label={t`Period Start`} required />
      <DateField name="period_end" label={t`Period End`} required />
      <TextField name="note" label={t`Note`} />
      <Box gridColumn="1 / -1">
        <PayLines />
      </Box>
    </FormScreen>
  );
}

/** Another branch has other cashboxes: changing it clears the cashbox. */
function BranchField() {
  const branch = useBoundSelector("branch");
  const cashbox = useFormField<RowKey | null>("cashbox");
  const onChange = (value: RowKey | null) => {
    if (value !== branch.value) cashbox.setValue(null);
    branch.onChange(value);
  };
  return <BranchSelect {...branch} onChange={onChange} required />;
}

function CashboxField() {
  const branch = useFormField<RowKey | null>("branch");
  return <CashboxSelect branchId={typeof branch.value === "number" ? branch.value : null} {...useBoundSelector("cashbox")} required />;
}

/** The employees to pay: loaded from the draft, editable, with the run's net total. */
function PayLines() {
  const { t } = useLingui();
  const labels = useHrLabels();
  const { values, setFieldValue, errors, submitCount } = useFormikContext<Values>();
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { branch, cashbox, period_start, period_end, id } = values;
  const ready = typeof branch === "number" && typeof cashbox === "number" && !!period_start && !!period_end && period_start <= period_end;

  const load = async () => {
    if (!ready) return;
    setLoading(true);
    setProblem(null);
    try {
      const searchParams: Record<string, string> = { branch: String(branch), cashbox: String(cashbox), period_start, period_end };
      if (id) searchParams.payroll = String(id);
      const draft = await api.get("hr/payroll/draft/", { searchParams }).json<{ lines: PayrollLineRecord[] }>();
      await setFieldValue("lines", draft.lines.map(lineOf));
      if (draft.lines.length === 0)
        setProblem(t`No employee of this branch has an unpaid contract for this period in the cashbox's currency.`);
    } catch {
      // The api client toasts the server's reason.
    } finally {
      setLoading(false);
    }
  };
  // A new run proposes its lines as soon as branch, cashbox and period are set.
  useEffect(() => {
    if (!id) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [branch, cashbox, period_start, period_end, id]);

  const totals = useMemo(() => {
    const lines = values.lines.map(lineTotals).filter((l) => l !== null);
    return payrollTotals(lines);
  }, [values.lines]);
  const setAmount = (index: number, key: (typeof AMOUNTS)[number], value: string) => void setFieldValue(`lines.${index}.${key}`, value);
  const linesError = typeof errors.lines === "string" && submitCount > 0 ? translateMessage(errors.lines) : null;
  const heads = [t`Employee`, t`Salary Structure`, t`Base`, t`Bonus`, t`Overtime`, t`Absence`, t`Advance`, t`Net`, ""];

  return (
    <Box borderWidth="1px" borderRadius="md" p="3">
      <Flex justify="space-between" align="center" mb="2" gap="2" wrap="wrap">
        <Text fontWeight="semibold">
          <Trans>Employees to pay</Trans>
        </Text>
        <Button size="sm" variant="outline" onClick={() => void load()} loading={loading} disabled={!ready}>
          <LuRefreshCw />
          <Trans>Load employees</Trans>
        </Button>
      </Flex>
      {problem ? <Text color="fg.muted">{problem}</Text> : null}
      {linesError ? (
        <Text color="fg.error" role="alert">
          {linesError}
        </Text>
      ) : null}
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={t`Employees to pay`}>
          <Table.Header>
            <Table.Row>
              {heads.map((head, i) => (
                <Table.ColumnHeader key={i} textAlign={i >= 2 && i <= 7 ? "end" : "start"}>
                  {head}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {values.lines.map((line, index) => {
              const computed = lineTotals(line);
              return (
                <Table.Row key={line.employee}>
                  <Table.Cell>{line.employee_name}</Table.Cell>
                  <Table.Cell>{labels.structure(line.salary_structure)}</Table.Cell>
                  {AMOUNTS.map((key) => (
                    <Table.Cell key={key} minW="110px">
                      <NumberField
                        size="sm"
                        hideStepper
                        min={0}
                        currency
                        aria-label={`${line.employee_name} ${key}`}
                        value={line[key]}
                        onValueChange={(value) => setAmount(index, key, value)}
                      />
                    </Table.Cell>
                  ))}
                  <Table.Cell textAlign="end" fontWeight="medium" color={computed ? undefined : "fg.error"}>
                    {computed ? formatAmount(computed.net) : t`Deductions are more than the pay`}
                  </Table.Cell>
                  <Table.Cell>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={t`Remove`}
                      onClick={() =>
                        void setFieldValue(
                          "lines",
                          values.lines.filter((_, i) => i !== index),
                        )
                      }
                    >
                      <LuTrash2 />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
          <Table.Footer>
            <Table.Row>
              <Table.Cell colSpan={7} fontWeight="semibold">
                <Trans>Net total</Trans>
              </Table.Cell>
              <Table.Cell textAlign="end" fontWeight="semibold" data-testid="payroll-net-total">
                {formatAmount(totals.net_total)}
              </Table.Cell>
              <Table.Cell />
            </Table.Row>
          </Table.Footer>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
