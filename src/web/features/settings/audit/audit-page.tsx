import { useMemo } from "react";
import { Badge, Box } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { DISPLAY_DATE_TIME, formatDate } from "../../../../core/dates";
import { CardTitle } from "../../../components/card-title";
import { AuditChangesSummary } from "../../../components/history/audit-changes";
import {
  AUDIT_ACTIONS,
  AUDIT_RECORD_TYPES,
  auditActionLabel,
  auditChangeLines,
  auditRecordTypeLabel,
} from "../../../components/history/audit-labels";
import type { AuditRow } from "../../../components/history/audit-record";
import type { ColumnDef } from "../../../components/table/column-def";
import { PagedTable } from "../../../components/table/paged-table";
import { useHasPermission } from "../../../lib/use-permission";

/**
 * The audit trail (`/setting/audit`, view_auditlog): every create, edit, delete, approve and sign-in,
 * searched by user, record (kind and number), kind of change and date, with each field's old and
 * new value. Read only: the server has no route that writes or deletes it.
 */
export default function AuditPage() {
  const { t, i18n } = useLingui();
  const canListUsers = useHasPermission(["view_user"]);
  const columns = useMemo<ColumnDef<AuditRow>[]>(() => {
    const options = (all: typeof AUDIT_ACTIONS) => Object.entries(all).map(([id, label]) => ({ id, name: i18n._(label) }));
    return [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "90px" },
      {
        key: "at",
        title: t`Date`,
        render: (row) => formatDate(row.at, DISPLAY_DATE_TIME),
        text: (row) => formatDate(row.at, DISPLAY_DATE_TIME),
      },
      // Users are chosen by name where the list of users may be read, else by their number.
      canListUsers
        ? { key: "user_name", column: "user", title: t`User`, filterType: "list", listEndpoint: "user/all/", itemTitle: "username" }
        : { key: "user_name", column: "user", title: t`User`, filterType: "number" },
      { key: "branch_name", title: t`Branch` },
      {
        key: "action",
        title: t`Kind`,
        filterType: "list",
        list: options(AUDIT_ACTIONS),
        render: (row) => (
          <Badge colorPalette={row.action === "delete" ? "red" : row.action === "create" ? "green" : "blue"}>
            {auditActionLabel(i18n, row.action)}
          </Badge>
        ),
        text: (row) => auditActionLabel(i18n, row.action),
      },
      {
        key: "record_type",
        title: t`Record`,
        filterType: "list",
        list: options(AUDIT_RECORD_TYPES),
        render: (row) => auditRecordTypeLabel(i18n, row.record_type),
        text: (row) => auditRecordTypeLabel(i18n, row.record_type),
      },
      { key: "record_id", title: t`Record ID`, filterType: "number", width: "110px" },
      {
        key: "changes",
        title: t`Changes`,
        render: (row) => <AuditChangesSummary changes={row.changes} />,
        text: (row) =>
          auditChangeLines(i18n, row.changes)
            .map((l) => `${l.label}: ${l.old} → ${l.new}`)
            .join("; "),
      },
    ];
  }, [t, i18n, canListUsers]);
  return (
    <Box>
      <CardTitle title={t`Audit Trail`} />
      <PagedTable<AuditRow>
        title={t`Audit Trail`}
        storageKey="/setting/audit"
        endpoint="audit/"
        columns={columns}
        branchFilter
        dateFilter
        dateField="at"
      />
    </Box>
  );
}
