import { cloneElement, Suspense, useState, type ReactElement } from "react";
import { NeedsChakra } from "../lib/chakra-on-demand";
import type { LazyChunk } from "./lazy-screen";

/** What a popup chunk exports: a menu or popover root around `trigger`, open at once when `defaultOpen`. */
export interface PopupProps {
  trigger: ReactElement;
  defaultOpen: boolean;
}

/**
 * A top-bar button whose menu or popover is a chunk of its own (issue 12): the popup machinery and its
 * positioning library are not part of the first screen's JavaScript. Until its first press the
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
  const [pressed, setPressed] = useState(false);
  const standalone = cloneElement(button, {
    "aria-haspopup": kind,
    "aria-expanded": false,
    onPointerEnter: chunk.preload,
    onFocus: chunk.preload,
    onClick: () => setPressed(true),
  });
  if (!pressed) return standalone;
  const Popup = chunk.Component;
  return (
    <Suspense fallback={standalone}>
      <NeedsChakra fallback={standalone}>
        <Popup trigger={button} defaultOpen />
      </NeedsChakra>
    </Suspense>
  );
}
