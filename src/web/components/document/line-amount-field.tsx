import { memo, useState } from "react";
import { Input } from "@chakra-ui/react";
import { NumberField } from "../number-field";

/** One width in both states: the table's columns, and what lies below it, do not move when a value is edited. */
const FIELD_WIDTH = "28";

export interface LineAmountFieldProps {
  /** "Quantity 3": the accessible name of both the shown value and the input. */
  label: string;
  /** The form field ("items.2.quantity"). */
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  min?: number;
  max?: number;
  currency?: boolean;
}

/**
 * A number on a document line that becomes an input when it takes focus (a click or Tab).
 *
 * Why not an input all the time: every `<input>` is a scroll container for the browser, and a
 * hundred of them make each frame's compositing pass (Layerize) cost 10 to 30 ms on a tablet, on
 * every key a scanner types into the scan field. Looked at, the value is an input-shaped button with
 * the same recipe; focused, it is the real input, with the text selected for overtyping.
 */
export const LineAmountField = memo(function LineAmountField({
  label,
  name,
  value,
  onValueChange,
  min,
  max,
  currency,
}: LineAmountFieldProps) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <NumberField
        aria-label={label}
        name={name}
        size="md"
        w={FIELD_WIDTH}
        hideStepper
        autoFocus
        value={value}
        min={min}
        max={max}
        currency={currency}
        textAlign="end"
        onValueChange={onValueChange}
        onFocus={(event) => event.currentTarget.select()}
        onBlur={() => setEditing(false)}
        onKeyDown={(event) => {
          // Enter in a line confirms the value; it never submits the document.
          if (event.key === "Enter") event.preventDefault();
        }}
      />
    );
  }
  return (
    <Input asChild size="md" w={FIELD_WIDTH} textAlign="end" cursor="text">
      {/* Named like the input it becomes; the value is its description (a label hides a button's text). */}
      {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- aria-description is global in ARIA 1.3, newer than the plugin's table */}
      <button
        type="button"
        aria-label={label}
        aria-description={value}
        data-name={name}
        onFocus={() => setEditing(true)}
        onClick={() => setEditing(true)}
      >
        {value}
      </button>
    </Input>
  );
});
