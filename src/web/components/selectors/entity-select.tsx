import { useEffect, useMemo, useState } from "react";
import { Button, Combobox, Field, Portal, Spinner, createListCollection } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuPlus } from "react-icons/lu";
import type { RowKey } from "../../offline/sync-tables";

export interface EntityOption {
  /** A server id, or the "local-…" key of a record saved offline and not synced yet. */
  id: RowKey;
  name: string;
}

export interface EntitySelectProps<T extends EntityOption> {
  label: string;
  items: readonly T[];
  value: RowKey | null;
  onChange: (value: RowKey | null, item: T | null) => void;
  loading?: boolean;
  itemLabel?: (item: T) => string;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  errorText?: string;
  /** Form field name (id of the input, for server errors and focus). */
  name?: string;
  /** Creates a record from the typed text; shown only when given (the caller applies the gate). */
  onQuickCreate?: (text: string) => Promise<T | null>;
  /** Whether the quick-create entry may show for this text (SPEC section 5 gate). */
  canCreate?: (text: string) => boolean;
}

/** A searchable single-choice selector over a loaded list, with optional quick-create. */
export function EntitySelect<T extends EntityOption>(props: EntitySelectProps<T>) {
  const { t } = useLingui();
  const { label, items, value, onChange, itemLabel = (item: T) => item.name } = props;
  const selected = items.find((item) => item.id === value) ?? null;
  const selectedLabel = selected ? itemLabel(selected) : "";
  const [input, setInput] = useState(selectedLabel);
  const [creating, setCreating] = useState(false);
  // The input shows the chosen record's name whenever the choice (or its loaded label) changes.
  useEffect(() => setInput(selectedLabel), [selectedLabel]);

  const typed = input.trim();
  const filtering = typed !== "" && typed !== selectedLabel;
  const filtered = useMemo(
    () =>
      filtering
        ? // The chosen record stays in the collection so the combobox can always show its name.
          items.filter((item) => item.id === value || itemLabel(item).toLowerCase().includes(typed.toLowerCase()))
        : [...items],
    [items, filtering, typed, itemLabel, value],
  );
  const collection = useMemo(
    () => createListCollection({ items: filtered, itemToString: itemLabel, itemToValue: (item: T) => String(item.id) }),
    [filtered, itemLabel],
  );
  const exactExists = items.some((item) => itemLabel(item).toLowerCase() === typed.toLowerCase());
  const showCreate = Boolean(props.onQuickCreate) && filtering && !exactExists && (props.canCreate?.(input) ?? true);

  const create = async () => {
    if (!props.onQuickCreate) return;
    setCreating(true);
    try {
      const created = await props.onQuickCreate(input);
      if (created) onChange(created.id, created);
    } finally {
      setCreating(false);
    }
  };

  return (
    <Field.Root invalid={props.invalid} required={props.required} disabled={props.disabled}>
      <Combobox.Root
        collection={collection}
        value={value === null ? [] : [String(value)]}
        inputValue={input}
        onInputValueChange={(details) => setInput(details.inputValue)}
        onValueChange={(details) => {
          const item = (details.items[0] as T | undefined) ?? null;
          onChange(item ? item.id : null, item);
        }}
        onOpenChange={(details) => {
          // Closing without a choice puts the chosen name back.
          if (!details.open) setInput(selectedLabel);
        }}
        openOnClick
        disabled={props.disabled}
        invalid={props.invalid}
        required={props.required}
        ids={props.name ? { input: props.name } : undefined}
      >
        <Combobox.Label>
          {label}
          {props.required ? <Field.RequiredIndicator /> : null}
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input name={props.name} placeholder={t`Type to search`} />
          <Combobox.IndicatorGroup>
            {props.loading ? <Spinner size="xs" /> : null}
            {!props.required ? <Combobox.ClearTrigger aria-label={t`Clear ${label}`} /> : null}
            <Combobox.Trigger aria-label={t`Open ${label}`} />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="250px">
              <Combobox.Empty>
                <Trans>No results found</Trans>
              </Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item key={item.id} item={item}>
                  <Combobox.ItemText>{itemLabel(item)}</Combobox.ItemText>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
              {showCreate ? (
                <Button size="xs" variant="ghost" justifyContent="start" loading={creating} onClick={() => void create()}>
                  <LuPlus />
                  <Trans>Add "{typed}"</Trans>
                </Button>
              ) : null}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {props.errorText ? <Field.ErrorText>{props.errorText}</Field.ErrorText> : null}
    </Field.Root>
  );
}
