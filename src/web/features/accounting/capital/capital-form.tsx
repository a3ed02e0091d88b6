import { useLingui } from "@lingui/react/macro";
import { toIsoDate } from "../../../../core/dates";
import { capitalSchema } from "../../../../core/validation/accounting-document-schemas";
import { ChoiceField } from "../../../components/hr/choice-field";
import { DateField, NumberFormField, TextField, useFormField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { CashboxSelect } from "../../../components/selectors/cashbox-select";
import { PartnerSelect } from "../../../components/selectors/partner-select";
import type { RowKey } from "../../../offline/sync-tables";
import { CAPITAL_PATH, type CapitalRecord } from "./capital-record";
import { useDirectionLabel } from "./use-direction-label";

interface Values {
  branch: RowKey | null;
  direction: string;
  partner: RowKey | null;
  cashbox: RowKey | null;
  amount: string;
  input_date: string;
  note: string;
}

/** Money put into or drawn from the business through a cashbox of the branch, by partner where one is named. */
export default function CapitalForm() {
  const { t } = useLingui();
  const directionLabel = useDirectionLabel();
  const form = useRecordForm<Values, CapitalRecord>({
    resource: "capital",
    listPath: CAPITAL_PATH,
    schema: capitalSchema,
    initialValues: { branch: null, direction: "in", partner: null, cashbox: null, amount: "", input_date: toIsoDate(new Date()), note: "" },
    fromRecord: (r) => ({
      branch: r.branch,
      direction: r.direction,
      partner: r.partner,
      cashbox: r.cashbox,
      amount: r.amount,
      input_date: r.input_date,
      note: r.note ?? "",
    }),
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Capital Entry` : t`Add Capital Entry`} listPath={CAPITAL_PATH} model="capital" {...form}>
      <Reference name="branch" />
      <ChoiceField
        name="direction"
        label={t`Direction`}
        required
        choices={[
          { id: "in", name: directionLabel("in") },
          { id: "out", name: directionLabel("out") },
        ]}
      />
      <Reference name="partner" />
      <Reference name="cashbox" />
      <NumberFormField name="amount" label={t`Amount`} required min={0} hideStepper />
      <DateField name="input_date" label={t`Date`} required />
      <TextField name="note" label={t`Note`} multiline />
    </FormScreen>
  );
}

/** Branch, partner (optional, shown as Account) and the branch's cashboxes. */
function Reference({ name }: { name: "branch" | "partner" | "cashbox" }) {
  const field = useFormField<RowKey | null>(name);
  const branch = useFormField<RowKey | null>("branch").value;
  const props = {
    name,
    value: field.value,
    onChange: (id: RowKey | null) => field.setValue(id),
    invalid: field.invalid,
    errorText: field.errorText,
  };
  if (name === "branch") return <BranchSelect {...props} required />;
  if (name === "partner") return <PartnerSelect {...props} />;
  return <CashboxSelect {...props} branchId={typeof branch === "number" ? branch : null} required />;
}
