/** Item types of SPEC section 3. The ids are the stored item_type values. */
export const ITEM_TYPES = {
  GOODS: 1,
  SERVICE: 2,
  COST: 3,
  MATERIAL: 4,
} as const;

export type ItemType = (typeof ITEM_TYPES)[keyof typeof ITEM_TYPES];

export const ITEM_TYPE_IDS: readonly ItemType[] = [1, 2, 3, 4];

export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  1: "Goods",
  2: "Service",
  3: "Cost",
  4: "Material",
};

export function isItemType(value: unknown): value is ItemType {
  return typeof value === "number" && (ITEM_TYPE_IDS as readonly number[]).includes(value);
}

/** English label, or "" for an unknown id. */
export const itemTypeLabel = (itemType: number): string => (isItemType(itemType) ? ITEM_TYPE_LABELS[itemType] : "");

/** A service (type 2) has no quantity: no stock is kept or checked for it. */
export const carriesQuantity = (itemType: number): boolean => itemType !== ITEM_TYPES.SERVICE;
