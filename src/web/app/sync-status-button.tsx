import { Badge, Icon, IconButton, Popover, Portal } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { LuCloud, LuCloudAlert, LuCloudOff } from "react-icons/lu";
import { useAttentionEntries, useOnline, usePendingCount } from "../offline/sync-status";

/** The panel (lazyMount: built on first open) and the outbox commands it calls come in their own chunk. */
const SyncPanel = lazy(() => import("../offline/sync-panel").then((module) => ({ default: module.SyncPanel })));

/**
 * The top bar's sync status: a cloud (green online, orange offline, red when an entry needs
 * attention) with the number of entries waiting; it opens the sync panel.
 */
export function SyncStatusButton() {
  const { t } = useLingui();
  const online = useOnline();
  const pending = usePendingCount();
  const attention = useAttentionEntries().length;
  const palette = attention > 0 ? "red" : online ? "green" : "orange";
  const label = online ? t`Online, ${pending} waiting to sync` : t`Offline, ${pending} waiting to sync`;

  return (
    <Popover.Root positioning={{ placement: "bottom-end" }} lazyMount>
      <Popover.Trigger asChild>
        <IconButton
          variant="ghost"
          size="md"
          position="relative"
          colorPalette={palette}
          color="colorPalette.fg"
          aria-label={label}
          title={label}
          data-testid="sync-status-button"
        >
          <Icon as={attention > 0 ? LuCloudAlert : online ? LuCloud : LuCloudOff} boxSize="5" />
          {pending > 0 ? (
            <Badge
              position="absolute"
              top="0.5"
              insetInlineEnd="0.5"
              size="xs"
              variant="solid"
              colorPalette={attention > 0 ? "red" : "yellow"}
              borderRadius="full"
              data-testid="sync-pending-badge"
            >
              {pending}
            </Badge>
          ) : null}
        </IconButton>
      </Popover.Trigger>
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
