import type { KeyboardEvent } from "react";

const FIELD_SELECTOR = "input:not([type=hidden]):not([disabled]):not([type=file]), select:not([disabled]), textarea:not([disabled])";

/** Fields of a form in tab order that a user can type into. */
export function focusableFields(form: HTMLElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>(FIELD_SELECTOR)].filter(
    (el) => el.tabIndex >= 0 && el.getAttribute("aria-hidden") !== "true" && el.offsetParent !== null,
  );
}

/**
 * Enter moves to the next field and never submits half a form (DESIGN "A form screen"). On the last
 * field it moves to the submit button, so a second Enter there saves on purpose.
 * Widgets that use Enter themselves (combobox choice, scan box) call preventDefault first.
 */
export function handleEnterToNext(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== "Enter" || event.defaultPrevented || event.shiftKey || event.nativeEvent.isComposing) return;
  const target = event.target as HTMLElement;
  if (target.tagName === "TEXTAREA" || target.tagName === "BUTTON" || target.getAttribute("type") === "submit") return;
  if (target.getAttribute("aria-expanded") === "true") return; // an open combobox picks its option
  event.preventDefault();
  const fields = focusableFields(event.currentTarget);
  const index = fields.indexOf(target);
  const next = index >= 0 ? fields[index + 1] : undefined;
  if (next) next.focus();
  else event.currentTarget.querySelector<HTMLElement>("button[type=submit]")?.focus();
}

/** Focuses the first field (DESIGN: "the first field has focus"). */
export function focusFirstField(form: HTMLElement | null): void {
  if (!form) return;
  focusableFields(form)[0]?.focus();
}
