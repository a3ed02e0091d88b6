import { useLingui } from "@lingui/react/macro";
import { LuCloud, LuCloudAlert, LuCloudOff } from "react-icons/lu";
import { useOnline } from "../offline/online";
import { useAttentionEntries, usePendingCount } from "../offline/sync-status";
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
  const state = attention > 0 ? "attention" : online ? "online" : "offline";
  const label = online ? t`Online, ${pending} waiting to sync` : t`Offline, ${pending} waiting to sync`;
  const CloudIcon = attention > 0 ? LuCloudAlert : online ? LuCloud : LuCloudOff;

  return (
    <PopupOnDemand
      kind="dialog"
      chunk={syncPopover}
      button={
        <button
          type="button"
          className={`shell-button shell-sync-${state}`}
          aria-label={label}
          title={label}
          data-testid="sync-status-button"
          data-kept="empty"
        >
          <CloudIcon aria-hidden />
          {pending > 0 ? (
            <span className={attention > 0 ? "shell-badge shell-badge-attention" : "shell-badge"} data-testid="sync-pending-badge">
              {pending}
            </span>
          ) : null}
        </button>
      }
    />
  );
}
