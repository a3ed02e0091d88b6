/**
 * Where a user's sale takes stock from by default: their default inventory when it is one of the
 * branch's, otherwise the branch's first inventory (what the sale form and the counter did before a user
 * had a default inventory). One rule for the sale form and the counter.
 */
import type { BranchRef } from "./api-types";

interface UserStock {
  branches: BranchRef[];
  /** Absent in a user cached on the device before the field existed. */
  default_inventory_id?: number | null;
}

export function defaultInventory(user: UserStock | null | undefined, branchId: number | null): number | null {
  const branch = user?.branches.find((b) => b.id === branchId);
  if (!branch) return null;
  const own = branch.inventories.find((i) => i.id === user?.default_inventory_id);
  return (own ?? branch.inventories[0])?.id ?? null;
}

/** The branch of the user's default inventory (for a user without a default branch); null without one. */
export function defaultInventoryBranch(user: UserStock | null | undefined): number | null {
  const id = user?.default_inventory_id;
  if (id == null) return null;
  return user?.branches.find((b) => b.inventories.some((i) => i.id === id))?.id ?? null;
}
