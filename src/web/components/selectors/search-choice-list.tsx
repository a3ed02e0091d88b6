import type { KeyboardEvent, ReactNode } from "react";
import { List } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";

const OPTION_KEYS = new Set(["Enter", "Escape", "ArrowDown", "ArrowUp"]);

export interface SearchChoiceListProps<Choice> {
  /** Nothing shows while empty. */
  choices: readonly Choice[];
  choiceKey: (choice: Choice) => string | number;
  /** What an option says. */
  children: (choice: Choice) => ReactNode;
  onTake: (choice: Choice) => void;
  /** Escape on an option: the list closes (the caller gives the focus back to its box). */
  onDismiss: () => void;
  /** Taller options, for fingers (the scan field of the sale screen). */
  roomy?: boolean;
}

/**
 * The results a search box could not decide between, under the box: click or Enter takes one,
 * the arrows move between them, Escape closes the list. Keys stop here: Enter never submits the form.
 */
export function SearchChoiceList<Choice>({ choices, choiceKey, children, onTake, onDismiss, roomy }: SearchChoiceListProps<Choice>) {
  const { t } = useLingui();
  if (choices.length === 0) return null;
  return (
    <List.Root
      role="listbox"
      aria-label={t`Search results`}
      position="absolute"
      zIndex="dropdown"
      bg="bg"
      borderWidth="1px"
      borderRadius="md"
      w="full"
      maxH="250px"
      overflowY="auto"
      listStyle="none"
      boxShadow="md"
    >
      {choices.map((choice) => (
        <List.Item
          key={choiceKey(choice)}
          role="option"
          aria-selected={false}
          tabIndex={0}
          px="3"
          py={roomy ? "3" : "1.5"}
          cursor="pointer"
          _hover={{ bg: "bg.muted" }}
          _focus={{ bg: "bg.muted", outline: "none" }}
          onClick={() => onTake(choice)}
          onKeyDown={(event) => {
            if (!OPTION_KEYS.has(event.key)) return;
            event.preventDefault();
            event.stopPropagation();
            const option = event.currentTarget;
            if (event.key === "Enter") onTake(choice);
            else if (event.key === "Escape") onDismiss();
            else ((event.key === "ArrowDown" ? option.nextElementSibling : option.previousElementSibling) as HTMLElement | null)?.focus();
          }}
        >
          {children(choice)}
        </List.Item>
      ))}
    </List.Root>
  );
}

/** ArrowDown in the search box moves into its list of choices, when one shows. */
export function focusFirstChoice(event: KeyboardEvent<HTMLElement>): void {
  const first = event.currentTarget.parentElement?.querySelector<HTMLElement>('[role="option"]');
  if (!first) return;
  event.preventDefault();
  first.focus();
}
