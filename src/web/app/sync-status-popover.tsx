import { Popover, Portal } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import type { PopupProps } from "./popup-on-demand";

/** The panel (lazyMount: built on first open) and the outbox commands it calls come in their own chunk. */
const SyncPanel = lazy(() => import("../offline/sync-panel").then((module) => ({ default: module.SyncPanel })));

/** The sync status button's popover: the sync panel (sync-status-button.tsx loads it on the first press). */
export default function SyncStatusPopover({ trigger, defaultOpen }: PopupProps) {
  return (
    <Popover.Root positioning={{ placement: "bottom-end" }} lazyMount defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: "calc(100vw - 1.5rem)", sm: "sm" }}>
            <Popover.Arrow />
            <Popover.Body>
              <Suspense fallback={null}>
                <SyncPanel />
              </Suspense>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
