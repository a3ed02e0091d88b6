import { useEffect, useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { InventoryRef } from "../../../core/api-types";
import { useCurrentUser } from "../../lib/use-permission";
import { EntitySelect } from "./entity-select";
import type { SelectorProps } from "./reference-select";

export interface InventorySelectProps extends SelectorProps {
  /** Only the inventories of this branch (all of the user's branches when null or undefined). */
  branchId?: number | null;
  /** Picks the first inventory when nothing is chosen (forms; not filters). */
  autoPick?: boolean;
}

/** The inventories of the user's branches (SPEC section 3: a branch has inventories). */
export function useUserInventories(branchId?: number | null): (InventoryRef & { branch_id: number })[] {
  const user = useCurrentUser();
  return useMemo(
    () =>
      (user?.branches ?? [])
        .filter((b) => branchId === undefined || branchId === null || b.id === branchId)
        .flatMap((b) => b.inventories.map((inventory) => ({ ...inventory, branch_id: b.id }))),
    [user, branchId],
  );
}

/** Inventory selector; with a single inventory it is picked (when autoPick). */
export function InventorySelect({ branchId, autoPick, allowCreate: _ignored, ...props }: InventorySelectProps) {
  const { t } = useLingui();
  const inventories = useUserInventories(branchId);
  const { value, onChange } = props;
  useEffect(() => {
    // A branch change leaves an inventory of another branch behind: clear it (SPEC section 4).
    if (value !== null && inventories.length > 0 && !inventories.some((i) => i.id === value)) onChange(null);
    else if (autoPick && value === null && inventories.length === 1) onChange(inventories[0].id);
  }, [autoPick, inventories, value, onChange]);
  return <EntitySelect label={t`Inventory`} {...props} items={inventories} onChange={(id) => onChange(id)} />;
}
