import { useLingui } from "@lingui/react/macro";
import { useOnline } from "./online";

/**
 * For actions that need the server (a cashbox transfer, a money conversion, an adjustment: the
 * server checks both cashboxes' balances at the moment of the write, which a device cannot):
 * `blocked` while offline, with the reason to show beside the disabled button.
 */
export function useNetworkGate(): { blocked: boolean; reason: string } {
  const { t } = useLingui();
  const online = useOnline();
  return { blocked: !online, reason: t`This needs a connection: it cannot be saved offline` };
}
