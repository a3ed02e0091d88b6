import { ChakraProvider, useChakraContext, type SystemContext } from "@chakra-ui/react";
import { atom, useAtomValue } from "jotai";
import { use, type ReactNode } from "react";
import { appStore } from "./app-state";

/**
 * Chakra's theme system, built on demand (the first screen's budget, DESIGN section 6). Building it (createSystem over
 * the default theme: about 600 tokens with their light and dark CSS variables) was the longest task of the signed-in
 * dashboard's first load on a phone, and its runtime styling (emotion) cost every render after it.
 * The first screens draw with their own style sheets (the shell, the dashboard, the sign-in page), so
 * the system is built only when something drawn with Chakra is about to show: another screen, a
 * popup, a dialog, a toast.
 *
 * One provider sits at the root from the start and never moves, so nothing remounts when the system
 * arrives: until then it holds `PENDING`, a stand-in that adds no global styles, and no Chakra part
 * renders under it (`NeedsChakra` waits instead).
 */

const chakraSystemAtom = atom<SystemContext | null>(null);

/** What ChakraProvider reads of a system before any Chakra part renders: no layers, no global CSS. */
export const PENDING = { _config: { disableLayers: true }, _global: [] } as unknown as SystemContext;

let loading: Promise<SystemContext> | undefined;

/** Starts building the system (its own chunk, lib/theme.ts), once. */
export function loadChakra(): Promise<SystemContext> {
  loading ??= import("./theme").then(({ system }) => {
    appStore.set(chakraSystemAtom, system);
    return system;
  });
  return loading;
}

/** The root provider: the stand-in until the system is built, then the system. */
export function ChakraOnDemand({ children }: { children: ReactNode }) {
  const system = useAtomValue(chakraSystemAtom, { store: appStore });
  return <ChakraProvider value={system ?? PENDING}>{children}</ChakraProvider>;
}

/**
 * Renders its Chakra-drawn children once the root provider holds the system, building it if need be;
 * `fallback` shows meanwhile. The wait reads the provider's own value (not only the loaded module), so
 * children never render a frame under the stand-in.
 */
export function NeedsChakra({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const provided = useChakraContext();
  if (provided !== PENDING) return children;
  // Suspends until the system is built; the root provider then re-renders with it, and so does this.
  use(loadChakra());
  return fallback;
}
