import { useCallback, useEffect, useRef, type PointerEvent } from "react";
import { TIMINGS } from "../lib/timings";

/**
 * A menu that a mouse opens by resting on its button and closes by leaving it and the menu, after
 * SPEC section 9's delays (open 300 ms, close 250 ms); a pass across it opens nothing. Touch and pen
 * are left to the click. `openedByHover` lets the owner keep a hover-opened menu open when the same
 * pointer then clicks its button (the click would otherwise toggle it shut).
 */
export function useHoverIntent(open: boolean, setOpen: (open: boolean) => void, openedByHoverAtMount = false) {
  const timer = useRef<number | undefined>(undefined);
  const isOpen = useRef(open);
  useEffect(() => {
    isOpen.current = open;
  }, [open]);
  const openedByHover = useRef(openedByHoverAtMount);
  const onTrigger = useRef(openedByHoverAtMount);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const later = useCallback(
    (next: boolean, waitMs: number) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        if (next === isOpen.current) return;
        openedByHover.current = next;
        setOpen(next);
      }, waitMs);
    },
    [setOpen],
  );
  const isMouse = (event: PointerEvent) => event.pointerType === "mouse";
  return {
    trigger: {
      onPointerEnter: (event: PointerEvent) => {
        if (!isMouse(event)) return;
        onTrigger.current = true;
        later(true, TIMINGS.menuOpenDelayMs);
      },
      onPointerLeave: (event: PointerEvent) => {
        if (!isMouse(event)) return;
        onTrigger.current = false;
        later(false, TIMINGS.menuCloseDelayMs);
      },
    },
    content: {
      onPointerEnter: (event: PointerEvent) => {
        if (isMouse(event)) window.clearTimeout(timer.current);
      },
      onPointerLeave: (event: PointerEvent) => {
        if (isMouse(event)) later(false, TIMINGS.menuCloseDelayMs);
      },
    },
    /** Whether a close asked now is the click of the pointer that opened the menu by resting on it. */
    keepsOpen: () => openedByHover.current && onTrigger.current,
    /** Any other open or close (a click, a pick, Escape) cancels what was waiting. */
    settle: () => {
      window.clearTimeout(timer.current);
      openedByHover.current = false;
    },
  };
}
