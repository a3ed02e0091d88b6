import { useEffect } from "react";
import type { AuthUser } from "../../core/api-types";
import { api } from "../lib/api-client";
import { appStore, storedUserAtom } from "../lib/app-state";

/** At most one refresh in this span, however many focus and online events arrive together. */
const MIN_GAP_MS = 5_000;
let last = 0;

/**
 * Rights change on the server at once (access.ts reads them per request); the screens follow when
 * the app regains focus or the network: `user/auth-permissions/` for the codes and `user/me/` for
 * the branches and cashboxes a change may also have touched.
 */
export async function refreshPermissions(): Promise<void> {
  const now = Date.now();
  if (now - last < MIN_GAP_MS || !appStore.get(storedUserAtom)?.id) return;
  last = now;
  try {
    const permissions = await api.get("user/auth-permissions/", { context: { silent: true } }).json<string[]>();
    const me = await api.get("user/me/", { context: { silent: true } }).json<AuthUser>();
    if (appStore.get(storedUserAtom)?.id === me.id) appStore.set(storedUserAtom, { ...me, permissions });
  } catch {
    // Offline or a server hiccup: the next focus tries again; a 401 has already signed the user out.
  }
}

export function usePermissionRefresh(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    const refresh = () => {
      if (document.visibilityState === "visible") void refreshPermissions();
    };
    window.addEventListener("focus", refresh);
    window.addEventListener("online", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      window.removeEventListener("online", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [signedIn]);
}
