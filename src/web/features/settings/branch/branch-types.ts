export interface InventoryRef {
  id: number;
  name: string;
}

/** A branch as `branch/` answers it. */
export interface BranchRow {
  id: number;
  name: string;
  color: string;
  description: string;
  inventories: InventoryRef[];
  updated_at: string;
}
