import { useEffect } from "react";
import { useLingui } from "@lingui/react/macro";
import { useCurrentUser } from "../../lib/use-permission";
import { EntitySelect } from "./entity-select";
import type { SelectorProps } from "./reference-select";

/** Only the user's branches; a single branch is picked and the selector hidden (SPEC section 6). */
export function BranchSelect({ allowCreate: _ignored, ...props }: SelectorProps) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const branches = user?.branches ?? [];
  const only = branches.length === 1 ? branches[0].id : null;
  const { value, onChange } = props;
  useEffect(() => {
    if (only !== null && value !== only) onChange(only);
  }, [only, value, onChange]);
  if (only !== null) return null;
  return <EntitySelect label={t`Branch`} {...props} items={branches} onChange={(id) => onChange(id)} />;
}
