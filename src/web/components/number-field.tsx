import { forwardRef, type KeyboardEvent } from "react";
import { Group, IconButton, Input, type InputProps } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { LuMinus, LuPlus } from "react-icons/lu";
import { canStepDown, canStepUp, clampNumberText, sanitizeCurrencyText, stepNumberText } from "./number-clamp";

export interface NumberFieldProps extends Omit<InputProps, "value" | "onChange" | "min" | "max" | "step"> {
  /** Decimal text, as the API sends amounts and quantities. */
  value: string;
  onValueChange: (value: string) => void;
  min?: number;
  max?: number;
  step?: number;
  /** Currency-style input: digits and at most `decimals` (0 to 2) decimals. */
  currency?: boolean;
  decimals?: 0 | 1 | 2;
  /** Hides the +/- buttons. */
  hideStepper?: boolean;
}

/** Decimal input that clamps to min/max on blur and on step; +/- disabled at the bounds. */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  { value, onValueChange, min, max, step = 1, currency, decimals = 2, hideStepper, onBlur, onKeyDown, disabled, ...inputProps },
  ref,
) {
  const { t } = useLingui();
  const bounds = { min, max };
  const allowNegative = min === undefined || min < 0;
  const clean = (text: string) => (currency ? sanitizeCurrencyText(text, decimals, allowNegative) : text.replace(/[^\d.-]/g, ""));
  const stepBy = (delta: number) => onValueChange(stepNumberText(value, delta, bounds));
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowUp" && canStepUp(value, bounds)) {
      event.preventDefault();
      stepBy(step);
    } else if (event.key === "ArrowDown" && canStepDown(value, bounds)) {
      event.preventDefault();
      stepBy(-step);
    }
    onKeyDown?.(event);
  };

  const input = (
    <Input
      ref={ref}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      disabled={disabled}
      onChange={(event) => onValueChange(clean(event.target.value))}
      onBlur={(event) => {
        const clamped = clampNumberText(value, bounds);
        if (clamped !== value) onValueChange(clamped);
        onBlur?.(event);
      }}
      onKeyDown={handleKeyDown}
      {...inputProps}
    />
  );
  if (hideStepper) return input;
  return (
    <Group attached w="full">
      <IconButton
        aria-label={t`Decrease`}
        variant="outline"
        tabIndex={-1}
        disabled={disabled || !canStepDown(value, bounds)}
        onClick={() => stepBy(-step)}
      >
        <LuMinus />
      </IconButton>
      {input}
      <IconButton
        aria-label={t`Increase`}
        variant="outline"
        tabIndex={-1}
        disabled={disabled || !canStepUp(value, bounds)}
        onClick={() => stepBy(step)}
      >
        <LuPlus />
      </IconButton>
    </Group>
  );
});
