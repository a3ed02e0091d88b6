import { useSyncExternalStore } from "react";

/**
 * navigator.onLine, live (true does not promise the server answers; the outbox copes). A module of its
 * own, without the device database, so a screen that only asks whether it is online (the dashboard)
 * does not bring Dexie into the first screen's JavaScript (DESIGN section 6).
 */
const subscribeOnline = (listener: () => void) => {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
};

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
