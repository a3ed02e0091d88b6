import { useCallback, useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { RowKey } from "../../offline/sync-tables";
import { ReferenceSelect, type SelectorProps } from "./reference-select";

interface Subgroup {
  id: number;
  name: string;
  item_group: RowKey | { id: RowKey } | null;
}

const groupOf = (subgroup: Subgroup) =>
  typeof subgroup.item_group === "object" && subgroup.item_group ? subgroup.item_group.id : subgroup.item_group;

export interface ItemSubgroupSelectProps extends SelectorProps {
  /** The chosen item group: subgroups are filtered by it, and quick-create needs it. */
  group: RowKey | null;
}

export function ItemSubgroupSelect({ group, ...props }: ItemSubgroupSelectProps) {
  const { t } = useLingui();
  const filter = useCallback((subgroup: Subgroup) => group === null || groupOf(subgroup) === group, [group]);
  const createContext = useMemo(() => ({ groups: group === null ? [] : [group] }), [group]);
  return (
    <ReferenceSelect<Subgroup>
      label={t`Item Subgroup`}
      {...props}
      endpoint="item-subgroup/"
      quickCreate="item-subgroup"
      createContext={createContext}
      filter={filter}
    />
  );
}
