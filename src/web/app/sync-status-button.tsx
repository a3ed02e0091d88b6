import { Badge, Icon, IconButton } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { LuCloud, LuCloudAlert, LuCloudOff } from "react-icons/lu";
import { useAttentionEntries, useOnline, usePendingCount } from "../offline/sync-status";
import { lazyChunk } from "./lazy-screen";
import { PopupOnDemand, type PopupProps } from "./popup-on-demand";

const syncPopover = lazyChunk<PopupProps>(() => import("./sync-status-popover"));

/**
 * The top bar's sync status: a cloud (green online, orange offline, red when an entry needs
 * attention) with the number of entries waiting; it opens the sync panel (its own chunk).
 */
export function SyncStatusButton() {
  const { t } = useLingui();
  const online = useOnline();
  const pending = usePendingCount();
  const attention = useAttentionEntries().length;
  const palette = attention > 0 ? "red" : online ? "green" : "orange";
  const label = online ? t`Online, ${pending} waiting to sync` : t`Offline, ${pending} waiting to sync`;

  return (
    <PopupOnDemand
      kind="dialog"
      chunk={syncPopover}
      button={
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
      }
    />
  );
}
