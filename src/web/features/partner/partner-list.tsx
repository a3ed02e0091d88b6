import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ColumnDef } from "../../components/table/column-def";
import { CrudList } from "../../components/table/crud-list";

interface Partner {
  id: number;
  name: string;
  phone: string | null;
  is_customer: boolean;
  is_supplier: boolean;
}

export default function PartnerList() {
  const { t } = useLingui();
  const columns = useMemo<ColumnDef<Partner>[]>(() => {
    const yesNo = [
      { id: "true", name: t`Yes` },
      { id: "false", name: t`No` },
    ];
    return [
      { key: "id", title: t`ID`, sortable: true, filterType: "number", width: "100px" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
      { key: "phone", title: t`Phone`, sortable: true, filterType: "text" },
      {
        key: "is_customer",
        title: t`Customer`,
        filterType: "list",
        list: yesNo,
        kind: "badge",
        badgeColor: (row) => (row.is_customer ? "green" : "gray"),
        text: (row) => (row.is_customer ? t`Yes` : t`No`),
      },
      {
        key: "is_supplier",
        title: t`Supplier`,
        filterType: "list",
        list: yesNo,
        kind: "badge",
        badgeColor: (row) => (row.is_supplier ? "green" : "gray"),
        text: (row) => (row.is_supplier ? t`Yes` : t`No`),
      },
    ];
  }, [t]);
  return <CrudList<Partner> columns={columns} branchFilter={false} />;
}
