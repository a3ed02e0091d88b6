import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ItemType } from "../../../../core/item-types";

/** Translated names of the item types (core keeps the English ones). */
export function useItemTypeLabels(): Record<ItemType, string> {
  const { t } = useLingui();
  return useMemo(() => ({ 1: t`Goods`, 2: t`Service`, 3: t`Cost`, 4: t`Material` }), [t]);
}
