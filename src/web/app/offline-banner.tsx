import { Trans } from "@lingui/react/macro";
import { LuCloudOff } from "react-icons/lu";
import { useOnline } from "../offline/online";

/**
 * A band under the top bar while the device is offline: more than the sync icon's colour, so nobody
 * wonders why a list is the device's copy or why a sale waits to sync. Drawn with shell.css (no Chakra).
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="shell-offline" role="status" data-testid="offline-banner">
      <LuCloudOff aria-hidden />
      <span>
        <Trans>You are offline. Work goes on: what you save waits on this device and syncs when the connection is back.</Trans>
      </span>
    </div>
  );
}
