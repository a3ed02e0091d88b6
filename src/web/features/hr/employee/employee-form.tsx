import { Field } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useFormikContext } from "formik";
import { employeeSchema } from "../../../../core/validation/hr-schemas";
import { CheckboxField, DateField, TextField } from "../../../components/form/form-fields";
import { FormScreen } from "../../../components/form/form-screen";
import { useRecordForm } from "../../../components/form/use-record-form";
import { ImageUploader } from "../../../components/image-uploader";
import { BranchSelect } from "../../../components/selectors/branch-select";
import { ReferenceSelect } from "../../../components/selectors/reference-select";
import { useCurrentUser } from "../../../lib/use-permission";
import type { RowKey } from "../../../offline/sync-tables";
import { useBoundSelector } from "../../../components/hr/bound-selector";
import { ChoiceField } from "../../../components/hr/choice-field";
import { useHrLabels } from "../../../components/hr/hr-labels";
import { HR } from "../../../components/hr/hr-paths";
import type { EmployeeRecord } from "./employee-record";

interface Values {
  name: string;
  phone: string;
  gender: string;
  branch: RowKey | null;
  address: string;
  date_of_birth: string;
  position: RowKey | null;
  salary_structure: string;
  hire_date: string;
  is_active: boolean;
  left_date: string;
  /** Media key of a newly uploaded picture (null: removed); undefined keeps the stored one. */
  image?: string | null;
  image_url: string | null;
}

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());

const fromRecord = (r: EmployeeRecord): Values => ({
  name: r.name,
  phone: r.phone ?? "",
  gender: r.gender,
  branch: r.branch,
  address: r.address ?? "",
  date_of_birth: r.date_of_birth ?? "",
  position: r.position,
  salary_structure: r.salary_structure,
  hire_date: r.hire_date ?? "",
  is_active: r.is_active,
  left_date: r.left_date ?? "",
  image_url: r.image,
});

const toBody = (v: Values): object => ({
  name: v.name.trim(),
  phone: orNull(v.phone),
  gender: v.gender,
  branch: v.branch,
  address: orNull(v.address),
  date_of_birth: orNull(v.date_of_birth),
  position: v.position,
  salary_structure: v.salary_structure,
  hire_date: orNull(v.hire_date),
  is_active: v.is_active,
  left_date: v.is_active ? null : orNull(v.left_date),
  ...(v.image !== undefined ? { image: v.image } : {}),
});

/** An employee: personal details, branch, position, salary structure, profile picture, active or left. */
export default function EmployeeForm() {
  const { t } = useLingui();
  const user = useCurrentUser();
  const labels = useHrLabels();
  const form = useRecordForm<Values, EmployeeRecord>({
    resource: "employee",
    listPath: HR.employee.path,
    schema: employeeSchema,
    initialValues: {
      name: "",
      phone: "",
      gender: "",
      branch: user?.default_branch_id ?? null,
      address: "",
      date_of_birth: "",
      position: null,
      salary_structure: "monthly",
      hire_date: "",
      is_active: true,
      left_date: "",
      image_url: null,
    },
    fromRecord,
    toBody,
  });
  return (
    <FormScreen title={form.isEdit ? t`Edit Employee` : t`Add Employee`} listPath={HR.employee.path} model="employee" {...form}>
      <TextField name="name" label={t`Name`} required />
      <TextField name="phone" label={t`Phone`} />
      <ChoiceField name="gender" label={t`Gender`} choices={labels.genderChoices} required />
      <BranchField />
      <TextField name="address" label={t`Address`} />
      <DateField name="date_of_birth" label={t`Date of Birth`} />
      <PositionField />
      <ChoiceField name="salary_structure" label={t`Salary Structure`} choices={labels.structureChoices} required />
      <DateField name="hire_date" label={t`Hire Date`} />
      <ActiveFields />
      <PictureField />
    </FormScreen>
  );
}

function BranchField() {
  return <BranchSelect {...useBoundSelector("branch")} required />;
}

function PositionField() {
  const { t } = useLingui();
  return <ReferenceSelect label={t`Position`} endpoint={HR.position.endpoint} {...useBoundSelector("position")} />;
}

/** Active, or left on a date. */
function ActiveFields() {
  const { t } = useLingui();
  const { values } = useFormikContext<Values>();
  return (
    <>
      <CheckboxField name="is_active" label={t`Active`} />
      {values.is_active ? null : <DateField name="left_date" label={t`Left On`} />}
    </>
  );
}

function PictureField() {
  const { t } = useLingui();
  const { values, setFieldValue } = useFormikContext<Values>();
  return (
    <Field.Root>
      <Field.Label>{t`Profile Picture`}</Field.Label>
      <ImageUploader
        imagesOnly
        label={t`Profile Picture`}
        url={values.image_url}
        onChange={(media) => {
          void setFieldValue("image", media ? media.id : null);
          void setFieldValue("image_url", media ? media.url : null);
        }}
      />
    </Field.Root>
  );
}
