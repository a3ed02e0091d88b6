import { SERVER_BASE } from "../lib/api-client";
import { appStore, clearSession, storedUserAtom, tokenAtom } from "../lib/app-state";
import { navigateTo } from "../lib/navigate";
import { saveDeviceSession } from "./device-session";
import { getOfflineRuntime, startOffline, type OfflineRuntime } from "./offline-runtime";
import { clearViewedRecords } from "./viewed-records";

export { prepareOfflineDb } from "./db";

/**
 * Starts the offline layer for the web app, wired to the shell's session (jotai app state):
 * the token and user come from there, and a 401 during replay or pull clears the session and goes
 * to the root page as the api client does (DESIGN section 4), while the outbox is kept. When a
 * token appears again (the user signed in), replay resumes and the cache is claimed for that user.
 * The session is copied to IndexedDB for the service worker's replay, and the copy deleted with it,
 * as are the documents kept for offline viewing.
 * Call once at start-up (main.tsx), before rendering.
 */
export function startAppOffline(): OfflineRuntime {
  const existing = getOfflineRuntime();
  if (existing) return existing;
  const runtime = startOffline({
    baseUrl: SERVER_BASE,
    getToken: () => appStore.get(tokenAtom),
    getUserId: () => (appStore.get(tokenAtom) ? (appStore.get(storedUserAtom)?.id ?? null) : null),
    onUnauthorized: () => {
      if (!appStore.get(tokenAtom)) return;
      clearSession();
      navigateTo("/", { replace: true });
    },
  });
  // Signed in = a token and a user with an id; react to the moment both are there.
  // Undefined at first, so a copy left by an earlier session is deleted when nobody is signed in.
  let signedInAs: string | null | undefined;
  const follow = () => {
    const token = appStore.get(tokenAtom);
    const userId = appStore.get(storedUserAtom)?.id;
    const session = token && userId ? { token, user_id: userId } : null;
    const key = session ? `${session.user_id}:${session.token}` : null;
    if (key === signedInAs) return;
    signedInAs = key;
    void saveDeviceSession(runtime.db, session);
    if (session) void runtime.signedIn();
    else void clearViewedRecords(runtime.db);
  };
  appStore.sub(tokenAtom, follow);
  appStore.sub(storedUserAtom, follow);
  follow();
  return runtime;
}
