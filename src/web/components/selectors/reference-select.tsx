import { useMemo } from "react";
import type { RowKey } from "../../offline/sync-tables";
import { EntitySelect, type EntityOption } from "./entity-select";
import type { QuickCreateContext, QuickCreateKind } from "./quick-create";
import { useQuickCreate } from "./use-quick-create";
import { useReferenceOptions } from "./use-reference-options";

/** Props shared by every reference selector. */
export interface SelectorProps {
  /** A server id, or the "local-…" key of a record saved offline (quick-created while offline). */
  value: RowKey | null;
  onChange: (value: RowKey | null) => void;
  label?: string;
  name?: string;
  required?: boolean;
  invalid?: boolean;
  errorText?: string;
  disabled?: boolean;
  /** Offers quick-create (still needs the add permission and typed text). */
  allowCreate?: boolean;
}

interface ReferenceSelectProps<T extends EntityOption> extends SelectorProps {
  label: string;
  endpoint: string;
  quickCreate?: QuickCreateKind;
  createContext?: QuickCreateContext;
  /** Narrows the loaded list (a subgroup by its group). */
  filter?: (item: T) => boolean;
}

const NO_CONTEXT: QuickCreateContext = {};

/** A selector over the cached table (or GET <endpoint>all/) with the SPEC section 5 quick-create. */
export function ReferenceSelect<T extends EntityOption>({
  endpoint,
  quickCreate,
  createContext,
  filter,
  allowCreate,
  ...props
}: ReferenceSelectProps<T>) {
  const list = useReferenceOptions<T>(endpoint);
  const creator = useQuickCreate<T>(quickCreate ?? "city", Boolean(quickCreate && allowCreate), createContext ?? NO_CONTEXT, list.add);
  const items = useMemo(() => (filter ? list.items.filter(filter) : list.items), [list.items, filter]);
  return (
    <EntitySelect<T>
      {...props}
      items={items}
      loading={list.loading}
      onChange={(value) => props.onChange(value)}
      onQuickCreate={creator.enabled ? creator.create : undefined}
      canCreate={creator.canCreate}
    />
  );
}
