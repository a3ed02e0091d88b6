import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { useCurrentUser } from "../../lib/use-permission";
import { ReferenceSelect, type SelectorProps } from "./reference-select";

export interface SupplierSelectProps extends SelectorProps {
  /** Branches a quick-created supplier belongs to (default: the user's branches). */
  branches?: number[];
}

export function SupplierSelect({ branches, ...props }: SupplierSelectProps) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const createContext = useMemo(() => ({ branches: branches ?? (user?.branches ?? []).map((b) => b.id) }), [branches, user]);
  return <ReferenceSelect label={t`Supplier`} {...props} endpoint="supplier/" quickCreate="supplier" createContext={createContext} />;
}
