import { useLingui } from "@lingui/react/macro";
import { ReferenceSelect, type SelectorProps } from "./reference-select";
import type { EntityOption } from "./entity-select";

interface EmployeeOption extends EntityOption {
  branch: number;
}

export interface EmployeeSelectProps extends SelectorProps {
  /** Only this branch's employees (a pay run, an advance). */
  branch?: number | null;
}

/** The employee selector of SPEC section 2, over hr/employee/all/ (the caller's branches only). */
export function EmployeeSelect({ branch, allowCreate: _ignored, ...props }: EmployeeSelectProps) {
  const { t } = useLingui();
  return (
    <ReferenceSelect<EmployeeOption>
      label={t`Employee`}
      {...props}
      endpoint="hr/employee/"
      filter={branch ? (e) => e.branch === branch : undefined}
    />
  );
}
