import { useMemo } from "react";
import { Image } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { ITEM_TYPE_IDS, type ItemType } from "../../../../core/item-types";
import { booleanBadgeColumn } from "../../../components/table/boolean-badge-column";
import type { ColumnDef } from "../../../components/table/column-def";
import { CrudList } from "../../../components/table/crud-list";
import { refName } from "../../../components/table/ref-value";
import { mediaUrl } from "../../../lib/api-client";
import { TIMINGS } from "../../../lib/timings";
import { useItemTypeLabels } from "./item-type-labels";

interface Item {
  id: number;
  code: string | null;
  barcode: string | null;
  name: string;
  image: string | null;
  item_type: number;
  is_active: boolean;
  min_quantity: string | null;
  purchase_price: string;
  sale_price: string;
  profit_percentage: string | null;
  expire_date: string | null;
  item_group: number | { id: number; name: string } | null;
  measurement: number | { id: number; name: string } | null;
}

export default function ItemList() {
  const { t } = useLingui();
  const typeLabels = useItemTypeLabels();
  const columns = useMemo<ColumnDef<Item>[]>(
    () => [
      {
        key: "image",
        title: t`Image`,
        width: "56px",
        render: (row) => {
          const src = mediaUrl(row.image);
          return src ? <Image src={src} alt={row.name} boxSize="8" objectFit="cover" borderRadius="sm" /> : null;
        },
      },
      { key: "code", title: t`Code`, sortable: true, filterType: "text" },
      { key: "barcode", title: t`Barcode`, sortable: true, filterType: "text" },
      { key: "name", title: t`Name`, sortable: true, filterType: "text" },
      {
        key: "item_type",
        title: t`Type`,
        sortable: true,
        filterType: "list",
        list: ITEM_TYPE_IDS.map((id) => ({ id, name: typeLabels[id] })),
        kind: "badge",
        badgeColor: () => "blue",
        text: (row) => typeLabels[row.item_type as ItemType] ?? "",
      },
      {
        key: "item_group",
        title: t`Item Group`,
        sortable: true,
        filterType: "list",
        listEndpoint: "item-group/all/",
        listFilterDebounceMs: TIMINGS.groupSelectDebounceMs,
        text: (row) => refName(row, "item_group"),
      },
      { key: "measurement", title: t`Measurement`, text: (row) => refName(row, "measurement") },
      { key: "purchase_price", title: t`Purchase Price`, sortable: true, filterType: "number", kind: "money" },
      { key: "sale_price", title: t`Sale Price`, sortable: true, filterType: "number", kind: "money" },
      { key: "profit_percentage", title: t`Profit %`, sortable: true, filterType: "number", align: "end" },
      { key: "min_quantity", title: t`Min Quantity`, sortable: true, filterType: "number", align: "end" },
      { key: "expire_date", title: t`Expire Date`, sortable: true, kind: "date" },
      booleanBadgeColumn<Item>("is_active", t`Status`, { label: t`Active`, color: "green" }, { label: t`Inactive`, color: "red" }),
    ],
    [t, typeLabels],
  );
  return <CrudList<Item> columns={columns} branchFilter={false} />;
}
