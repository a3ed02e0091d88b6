import { forwardRef, useEffect, useState } from "react";
import { Group, IconButton, Input, Popover, Portal, type InputProps } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { LuCalendar } from "react-icons/lu";
import { dateInputValue, displayDateInput, parseDateInput } from "../../../core/date-input";
import { DateCalendar } from "./date-calendar";

export interface DateInputProps extends Omit<InputProps, "value" | "onChange" | "type" | "min" | "max"> {
  /** yyyy-MM-dd, "" (or null) when empty, or the text typed when it is not a date. */
  value: string | null | undefined;
  onValueChange: (value: string) => void;
}

/**
 * The one date input of the app: the user types DD/MM/YYYY (also 21-11-26, 2111 2026, Arabic-Indic
 * digits), sees DD/MM/YYYY, and the caller gets yyyy-MM-dd. The calendar button opens our own month
 * grid (weeks from Sunday in every language; the browser's picker would follow its own locale).
 */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput(
  { value, onValueChange, onBlur, disabled, size, ...inputProps },
  ref,
) {
  const { t } = useLingui();
  const [text, setText] = useState(() => displayDateInput(value));
  const [calendarOpen, setCalendarOpen] = useState(false);
  const stored = value ?? "";
  const parsed = parseDateInput(stored).kind;
  const isDate = parsed === "date";
  // Marked invalid once the user leaves the input, not while a date is half typed.
  const [typing, setTyping] = useState(false);

  // A value set from outside (reset, loaded record, picker) replaces the text; our own echo does not.
  useEffect(() => {
    setText((current) => (dateInputValue(current) === stored ? current : displayDateInput(stored)));
  }, [stored]);

  const pick = (iso: string) => {
    setText(displayDateInput(iso));
    onValueChange(iso);
    setCalendarOpen(false);
  };

  return (
    <Popover.Root
      open={calendarOpen}
      onOpenChange={(details) => setCalendarOpen(details.open)}
      positioning={{ placement: "bottom-end" }}
      lazyMount
      unmountOnExit
      initialFocusEl={() => document.querySelector<HTMLElement>('[data-testid="date-calendar"] button[tabindex="0"][data-date]')}
    >
      <Group attached w="full">
        <Input
          ref={ref}
          size={size}
          autoComplete="off"
          placeholder={t`DD/MM/YYYY`}
          aria-invalid={!typing && parsed === "invalid" ? true : undefined}
          {...inputProps}
          disabled={disabled}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTyping(true);
            onValueChange(dateInputValue(event.target.value));
          }}
          onBlur={(event) => {
            if (isDate) setText(displayDateInput(stored));
            setTyping(false);
            onBlur?.(event);
          }}
        />
        <Popover.Trigger asChild>
          {/* type="button": inside a form a plain button would submit it. */}
          <IconButton type="button" aria-label={t`Open calendar`} size={size} variant="outline" disabled={disabled}>
            <LuCalendar />
          </IconButton>
        </Popover.Trigger>
      </Group>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="auto" aria-label={t`Calendar`}>
            <Popover.Body p="2">
              <DateCalendar value={isDate ? stored : null} onSelect={pick} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
});

/** The translated reason a date input's value is refused, or undefined when it is empty or a date. */
export function useDateProblem(): (value: string | null | undefined) => string | undefined {
  const { t } = useLingui();
  return (value) => {
    const result = parseDateInput(value ?? "");
    if (result.kind !== "invalid") return undefined;
    const typed = value ?? "";
    return result.problem === "no_such_date" ? t`${typed} is not a valid date` : t`Enter the date as DD/MM/YYYY`;
  };
}
