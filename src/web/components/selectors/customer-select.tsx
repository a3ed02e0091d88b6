import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { useCurrentUser } from "../../lib/use-permission";
import { ReferenceSelect, type SelectorProps } from "./reference-select";

export interface CustomerSelectProps extends SelectorProps {
  /** Branch of a quick-created customer (default: the user's default branch). */
  branch?: number | null;
}

export function CustomerSelect({ branch, ...props }: CustomerSelectProps) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const chosen = branch ?? user?.default_branch_id ?? user?.branches[0]?.id ?? null;
  const createContext = useMemo(() => ({ branches: chosen === null ? [] : [chosen] }), [chosen]);
  return <ReferenceSelect label={t`Customer`} {...props} endpoint="customer/" quickCreate="customer" createContext={createContext} />;
}
