import { useLingui } from "@lingui/react/macro";
import { toIsoDate } from "../../../../core/dates";
import { salaryAdvanceSchema } from "../../../../core/validation/hr-schemas";
import { DateField, NumberFormField, TextField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { CashboxSelect } from "../../../components/selectors/cashbox-select";
import { EmployeeSelect } from "../../../components/selectors/employee-select";
import { useCurrentUser } from "../../../lib/use-permission";
import type { RowKey } from "../../../offline/sync-tables";
import { useBoundSelector } from "../../../components/hr/bound-selector";
import { HR } from "../../../components/hr/hr-paths";
import type { AdvanceRecord } from "./advance-record";

interface Values {
  branch: RowKey | null;
  employee: RowKey | null;
  cashbox: RowKey | null;
  amount: string;
  input_date: string;
  note: string;
}

/** An advance paid to an employee of the branch from one of its cashboxes. */
export default function AdvanceForm() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const form = useRecordForm<Values, AdvanceRecord>({
    resource: "salary-advance",
    listPath: HR.advance.path,
    schema: salaryAdvanceSchema,
    initialValues: {
      branch: user?.default_branch_id ?? null,
      employee: null,
      cashbox: null,
      amount: "",
      input_date: toIsoDate(new Date()),
      note: "",
    },
    fromRecord: (r) => ({
      branch: r.branch,
      employee: r.employee,
      cashbox: r.cashbox,
      amount: r.amount,
      input_date: r.input_date,
      note: r.note ?? "",
    }),
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Salary Advance` : t`Add Salary Advance`} listPath={HR.advance.path} model="payroll" {...form}>
      <BranchAndPeople />
      <NumberFormField name="amount" label={t`Amount`} required min={0} hideStepper />
      <DateField name="input_date" label={t`Date`} required />
      <TextField name="note" label={t`Note`} multiline />
    </FormScreen>
  );
}

function BranchAndPeople() {
  const branch = useBoundSelector("branch");
  const branchId = typeof branch.value === "number" ? branch.value : null;
  return (
    <>
      <BranchSelect {...branch} required />
      <EmployeeSelect branch={branchId} {...useBoundSelector("employee")} required />
      <CashboxSelect branchId={branchId} {...useBoundSelector("cashbox")} required />
    </>
  );
}
