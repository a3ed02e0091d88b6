import { useLingui } from "@lingui/react/macro";
import { toIsoDate } from "../../../../core/dates";
import { employeeContractSchema } from "../../../../core/validation/hr-schemas";
import { DateField, NumberFormField, TextField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { CurrencySelect } from "../../../components/selectors/currency-select";
import { EmployeeSelect } from "../../../components/selectors/employee-select";
import type { RowKey } from "../../../offline/sync-tables";
import { useBoundSelector } from "../../../components/hr/bound-selector";
import { ChoiceField } from "../../../components/hr/choice-field";
import { useHrLabels } from "../../../components/hr/hr-labels";
import { HR } from "../../../components/hr/hr-paths";
import type { ContractRecord } from "./contract-record";

interface Values {
  employee: RowKey | null;
  start_date: string;
  end_date: string;
  salary_amount: string;
  currency: RowKey | null;
  salary_structure: string;
  allowances: string;
  notes: string;
}

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());

/** A contract: employee, dates (an empty end runs on), salary and currency, structure, allowances, notes. */
export default function ContractForm() {
  const { t } = useLingui();
  const labels = useHrLabels();
  const form = useRecordForm<Values, ContractRecord>({
    resource: "employee-contract",
    listPath: HR.contract.path,
    schema: employeeContractSchema,
    initialValues: {
      employee: null,
      start_date: toIsoDate(new Date()),
      end_date: "",
      salary_amount: "",
      currency: null,
      salary_structure: "monthly",
      allowances: "",
      notes: "",
    },
    fromRecord: (r) => ({
      employee: r.employee,
      start_date: r.start_date,
      end_date: r.end_date ?? "",
      salary_amount: r.salary_amount,
      currency: r.currency,
      salary_structure: r.salary_structure,
      allowances: r.allowances === "0.00" ? "" : r.allowances,
      notes: r.notes ?? "",
    }),
    toBody: (v) => ({
      employee: v.employee,
      start_date: v.start_date,
      end_date: orNull(v.end_date),
      salary_amount: v.salary_amount.trim(),
      currency: v.currency,
      salary_structure: v.salary_structure,
      allowances: orNull(v.allowances),
      notes: orNull(v.notes),
    }),
  });
  return (
    <FormScreen
      title={form.isEdit ? t`Edit Employee Contract` : t`Add Employee Contract`}
      listPath={HR.contract.path}
      model="employeecontract"
      {...form}
    >
      <EmployeeField />
      <ChoiceField name="salary_structure" label={t`Salary Structure`} choices={labels.structureChoices} required />
      <DateField name="start_date" label={t`Start Date`} required />
      <DateField name="end_date" label={t`End Date`} />
      <NumberFormField name="salary_amount" label={t`Salary`} required min={0} hideStepper />
      <CurrencyField />
      <NumberFormField name="allowances" label={t`Allowances`} min={0} hideStepper />
      <TextField name="notes" label={t`Notes`} multiline />
    </FormScreen>
  );
}

function EmployeeField() {
  return <EmployeeSelect {...useBoundSelector("employee")} required />;
}

function CurrencyField() {
  return <CurrencySelect {...useBoundSelector("currency")} required />;
}
