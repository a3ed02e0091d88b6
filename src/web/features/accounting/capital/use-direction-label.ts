import { useLingui } from "@lingui/react/macro";

/** "Put in" or "Drawn" for a capital entry's direction. */
export function useDirectionLabel(): (direction: string) => string {
  const { t } = useLingui();
  return (direction) => (direction === "out" ? t`Drawn` : t`Put in`);
}
