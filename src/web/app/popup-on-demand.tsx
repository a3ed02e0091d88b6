import { cloneElement, Suspense, useEffect, useState, type PointerEvent, type ReactElement } from "react";
import { NeedsChakra } from "../lib/chakra-on-demand";
import { TIMINGS } from "../lib/timings";
import type { LazyChunk } from "./lazy-screen";

/** What a popup chunk exports: a menu or popover root around `trigger`, open at once when `defaultOpen`. */
export interface PopupProps {
  trigger: ReactElement;
  defaultOpen: boolean;
  /** A menu opened by the mouse resting on its button (not by a press). */
  openedByHover?: boolean;
}

/** One pending timeout: a newer start replaces it. */
function timeout() {
  let id: number | undefined;
  return {
    start: (run: () => void, waitMs: number) => {
      window.clearTimeout(id);
      id = window.setTimeout(run, waitMs);
    },
    cancel: () => window.clearTimeout(id),
  };
}

/**
 * A top-bar button whose menu or popover is a chunk of its own (the first screen's budget, DESIGN section 6): the
 * popup machinery and its positioning library are not part of the first screen's JavaScript. Until its first press the
 * button stands alone; pressing it mounts the popup, open, around the same button. Hover or focus
 * asks for the chunk (`lazyChunk`) beforehand, so it is usually there by the time of the press. The
 * popups are drawn with Chakra: the first press also builds its theme system (chakra-on-demand.tsx).
 */
export function PopupOnDemand({
  kind,
  button,
  chunk,
}: {
  kind: "menu" | "dialog";
  button: ReactElement<Record<string, unknown>>;
  chunk: LazyChunk<PopupProps>;
}) {
  const [pressed, setPressed] = useState<"press" | "hover" | null>(null);
  // A menu also opens when the mouse rests on its button (SPEC section 9's open delay), as it does once mounted.
  const [hoverTimer] = useState(timeout);
  useEffect(() => () => hoverTimer.cancel(), [hoverTimer]);
  const standalone = cloneElement(button, {
    "aria-haspopup": kind,
    "aria-expanded": false,
    onPointerEnter: (event: PointerEvent) => {
      chunk.preload();
      if (kind !== "menu" || event.pointerType !== "mouse") return;
      hoverTimer.start(() => setPressed((how) => how ?? "hover"), TIMINGS.menuOpenDelayMs);
    },
    onPointerLeave: hoverTimer.cancel,
    onFocus: chunk.preload,
    onClick: () => {
      hoverTimer.cancel();
      setPressed("press");
    },
  });
  if (!pressed) return standalone;
  const Popup = chunk.Component;
  return (
    <Suspense fallback={standalone}>
      <NeedsChakra fallback={standalone}>
        <Popup trigger={button} defaultOpen openedByHover={pressed === "hover"} />
      </NeedsChakra>
    </Suspense>
  );
}
