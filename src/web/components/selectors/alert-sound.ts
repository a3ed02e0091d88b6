/** Plays the alert sound of SPEC section 4 (one wav file): a scan that found nothing. */
export function playAlert(): void {
  try {
    void new Audio("/sounds/alert.wav").play().catch(() => undefined);
  } catch {
    // No audio (tests, old browsers): the screen says it too.
  }
}
