import { useEffect, useId, useState } from "react";
import { Badge, Box, Button, Checkbox, Flex, Input, Popover, Portal, Spinner, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuChevronDown } from "react-icons/lu";

export type OptionValue = string | number;

export interface SelectOption {
  value: OptionValue;
  label: string;
}

export interface MultiSelectProps {
  /** Accessible name of the trigger. */
  label: string;
  options: readonly SelectOption[];
  value: readonly OptionValue[];
  onChange: (value: OptionValue[]) => void;
  /** Shows a search box; called with the typed text (the caller debounces server searches). */
  onSearch?: (text: string) => void;
  loading?: boolean;
  size?: "xs" | "sm" | "md";
  /** Highlights the trigger (an active filter). */
  active?: boolean;
  placeholder?: string;
}

/**
 * The popover is portalled, but React context is not: inside a form's Field.Root its search box and
 * checkboxes would take the field's ids, required and invalid state (every checkbox's input the same
 * id, so a click on one option's label ticked the first). They are not that field's control.
 */
const NOT_IN_A_FIELD = { required: false, invalid: false, disabled: false, readOnly: false } as const;

/** Checkbox list in a popover; the trigger shows 1 or 2 chips then +N (SPEC section 9). */
export function MultiSelect({ label, options, value, onChange, onSearch, loading, size = "sm", active, placeholder }: MultiSelectProps) {
  const { t } = useLingui();
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState(false);
  // Keeps labels of chosen values that the current search no longer returns.
  const [known, setKnown] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    setKnown((previous) => {
      const next = new Map(previous);
      for (const option of options) next.set(String(option.value), option.label);
      return next;
    });
  }, [options]);

  const selected = new Set(value.map(String));
  const toggle = (option: SelectOption, checked: boolean) => {
    const rest = value.filter((v) => String(v) !== String(option.value));
    onChange(checked ? [...rest, option.value] : rest);
  };
  const chips = value.slice(0, 2).map((v) => known.get(String(v)) ?? String(v));
  const shownOptions = onSearch ? options : options.filter((o) => o.label.toLowerCase().includes(search.toLowerCase()));

  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: "bottom-start" }}>
      <Popover.Trigger asChild>
        <Button
          // Inside a form (supplier, user) a plain button would submit it, and the submit's focus move closes the popover.
          type="button"
          // A mouse press keeps the focus where it is (the popover takes it once open). Otherwise the field
          // just left blurs on the press, shows its error, pushes this button down before the mouse is
          // released, and the click lands beside it: in a form the popover would not open on a click.
          onMouseDown={(event) => event.preventDefault()}
          size={size}
          variant={active ? "subtle" : "outline"}
          colorPalette={active ? "blue" : "gray"}
          aria-label={label}
          justifyContent="space-between"
          minW="32"
          maxW="64"
          fontWeight="normal"
        >
          <Flex gap="1" overflow="hidden" align="center">
            {chips.length === 0 ? (
              <Text color="fg.muted" truncate>
                {placeholder ?? label}
              </Text>
            ) : (
              chips.map((chip, index) => (
                <Badge key={`${chip}-${index}`} size="sm" maxW="24" truncate>
                  {chip}
                </Badge>
              ))
            )}
            {value.length > 2 ? <Badge size="sm">+{value.length - 2}</Badge> : null}
          </Flex>
          <LuChevronDown />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="64">
            <Popover.Body p="2">
              <Input
                id={searchId}
                required={false}
                disabled={false}
                aria-invalid={false}
                size="sm"
                mb="2"
                aria-label={t`Search`}
                placeholder={t`Search`}
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  onSearch?.(event.target.value);
                }}
              />
              <Box maxH="250px" overflowY="auto" role="listbox" aria-multiselectable aria-label={label}>
                {loading ? <Spinner size="sm" m="2" /> : null}
                {!loading && shownOptions.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted" p="2">
                    <Trans>No results found</Trans>
                  </Text>
                ) : null}
                {shownOptions.map((option) => (
                  <Checkbox.Root
                    {...NOT_IN_A_FIELD}
                    ids={{}}
                    key={String(option.value)}
                    size="sm"
                    display="flex"
                    py="1"
                    checked={selected.has(String(option.value))}
                    onCheckedChange={(details) => toggle(option, details.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{option.label}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Box>
              {value.length > 0 ? (
                <Button size="xs" variant="ghost" mt="2" onClick={() => onChange([])}>
                  <Trans>Clear</Trans>
                </Button>
              ) : null}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
