import { createToaster } from "@chakra-ui/react";
import { ERROR_TOAST_MS } from "./api-errors";

/**
 * The app's single toaster (SPEC section 9: top-right, at most 20, errors 4000 ms, others 5000 ms), below
 * the top bar (3.5rem, shell.css) so a toast never covers the sync status or the user menu.
 */
export const toaster = createToaster({
  placement: "top-end",
  offsets: { top: "4.25rem", right: "1rem", bottom: "1rem", left: "1rem" },
  max: 20,
  duration: 5000,
  pauseOnPageIdle: true,
});

export function showError(description: string, title?: string): void {
  toaster.create({ type: "error", title, description, duration: ERROR_TOAST_MS, closable: true });
}

export function showSuccess(description: string): void {
  toaster.create({ type: "success", description, closable: true });
}

export function showInfo(description: string): void {
  toaster.create({ type: "info", description, closable: true });
}
