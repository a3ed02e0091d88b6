import { forwardRef, useEffect, useRef, useState } from "react";
import { Box, Group, IconButton, Input, type InputProps } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { LuCalendar } from "react-icons/lu";
import { dateInputValue, displayDateInput, parseDateInput } from "../../../core/date-input";

export interface DateInputProps extends Omit<InputProps, "value" | "onChange" | "type" | "min" | "max"> {
  /** yyyy-MM-dd, "" (or null) when empty, or the text typed when it is not a date. */
  value: string | null | undefined;
  onValueChange: (value: string) => void;
}

/**
 * The one date input of the app: the user types DD/MM/YYYY (also 21-11-26, 2111 2026, Arabic-Indic
 * digits), sees DD/MM/YYYY, and the caller gets yyyy-MM-dd. The calendar button opens the browser's
 * own picker on a hidden native date input.
 */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput(
  { value, onValueChange, onBlur, disabled, size, ...inputProps },
  ref,
) {
  const { t } = useLingui();
  const [text, setText] = useState(() => displayDateInput(value));
  const picker = useRef<HTMLInputElement>(null);
  const stored = value ?? "";
  const parsed = parseDateInput(stored).kind;
  const isDate = parsed === "date";
  // Marked invalid once the user leaves the input, not while a date is half typed.
  const [typing, setTyping] = useState(false);

  // A value set from outside (reset, loaded record, picker) replaces the text; our own echo does not.
  useEffect(() => {
    setText((current) => (dateInputValue(current) === stored ? current : displayDateInput(stored)));
  }, [stored]);

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };

  return (
    <Box position="relative" w="full">
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
        <IconButton aria-label={t`Open calendar`} size={size} variant="outline" disabled={disabled} onClick={openPicker}>
          <LuCalendar />
        </IconButton>
      </Group>
      {/* The native picker, opened by the button; its choice comes back through onChange. */}
      <Box asChild position="absolute" insetEnd="0" bottom="0" w="1px" h="1px" opacity={0} pointerEvents="none">
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden
          value={isDate ? stored : ""}
          onChange={(event) => {
            setText(displayDateInput(event.target.value));
            onValueChange(event.target.value);
          }}
        />
      </Box>
    </Box>
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
