export interface InventoryRef {
  id: number;
  name: string;
}

/** A branch as `branch/` answers it. */
export interface BranchRow {
  id: number;
  name: string;
  /** Before its document numbers (ERB-241); null while unset. */
  short_code: string | null;
  color: string;
  description: string;
  inventories: InventoryRef[];
  updated_at: string;
}
