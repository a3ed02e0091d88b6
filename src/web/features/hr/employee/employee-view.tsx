import { Image } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { formatDate } from "../../../../core/dates";
import { mediaUrl } from "../../../lib/api-client";
import { useHrLabels } from "../../../components/hr/hr-labels";
import { HR } from "../../../components/hr/hr-paths";
import { RecordView } from "../../../components/hr/record-view";
import type { EmployeeRecord } from "./employee-record";

/** An employee's card: picture and details; prints. */
export default function EmployeeView() {
  const { t } = useLingui();
  const labels = useHrLabels();
  return (
    <RecordView<EmployeeRecord>
      endpoint={HR.employee.endpoint}
      listPath={HR.employee.path}
      changePermission="change_employee"
      title={(r) => (r ? `${t`Employee`}: ${r.name}` : t`Employee`)}
      fields={(r) => [
        { label: t`Name`, value: r.name },
        { label: t`Phone`, value: r.phone },
        { label: t`Gender`, value: labels.gender(r.gender) },
        { label: t`Branch`, value: r.branch_name },
        { label: t`Address`, value: r.address },
        { label: t`Date of Birth`, value: formatDate(r.date_of_birth) },
        { label: t`Position`, value: r.position_name ?? "" },
        { label: t`Salary Structure`, value: labels.structure(r.salary_structure) },
        { label: t`Hire Date`, value: formatDate(r.hire_date) },
        { label: t`Status`, value: r.is_active ? t`Active` : `${t`Left`} ${formatDate(r.left_date)}` },
      ]}
      extra={(r) =>
        r.image ? (
          <Image src={mediaUrl(r.image) ?? undefined} alt={t`Profile Picture`} boxSize="160px" objectFit="cover" borderRadius="md" />
        ) : null
      }
    />
  );
}
