import { useLingui } from "@lingui/react/macro";
import { commandOf, SAVE_NEEDS_NETWORK, type CommandName } from "./command-table";
import { useOnline } from "./online";

/**
 * For actions that need the server (a cashbox transfer, a money conversion, an adjustment: the
 * server checks both cashboxes' balances at the moment of the write, which a device cannot):
 * `blocked` while offline, with the reason to show beside the disabled button.
 */
export function useNetworkGate(): { blocked: boolean; reason: string } {
  const { i18n } = useLingui();
  const online = useOnline();
  return { blocked: !online, reason: i18n._(SAVE_NEEDS_NETWORK) };
}

/**
 * The same for one command, as its offline rule in command-table.ts says: a queued command is never
 * blocked; one that needs the network is while offline, with the reason the table gives it.
 */
export function useCommandGate(name: CommandName): { blocked: boolean; reason: string; needsNetwork: boolean } {
  const { i18n } = useLingui();
  const online = useOnline();
  const rule = commandOf(name).offline;
  if (rule.queued) return { blocked: false, reason: "", needsNetwork: false };
  return { blocked: !online, reason: i18n._(rule.reason), needsNetwork: true };
}
