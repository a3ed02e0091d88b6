import { useEffect, useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { useCurrentUser } from "../../lib/use-permission";
import { EntitySelect } from "./entity-select";
import type { SelectorProps } from "./reference-select";

export interface CashboxSelectProps extends SelectorProps {
  /** Only cashboxes of this branch. */
  branchId?: number | null;
}

/** Only the user's cashboxes; a single one is picked and the selector hidden (SPEC section 6). */
export function CashboxSelect({ branchId, allowCreate: _ignored, ...props }: CashboxSelectProps) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const cashboxes = useMemo(
    () => (user?.cashboxes ?? []).filter((c) => branchId === undefined || branchId === null || c.branch_id === branchId),
    [user, branchId],
  );
  const only = cashboxes.length === 1 ? cashboxes[0].id : null;
  const { value, onChange } = props;
  useEffect(() => {
    if (only !== null && value !== only) onChange(only);
  }, [only, value, onChange]);
  if (only !== null) return null;
  return (
    <EntitySelect
      label={t`Cashbox`}
      {...props}
      items={cashboxes}
      itemLabel={(c) => `${c.name} (${c.currency.code})`}
      onChange={(id) => onChange(id)}
    />
  );
}
