import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { appStore, clearSession, sessionRestoredAtom, storedUserAtom, tokenAtom } from "../lib/app-state";
import { createAppRouter } from "./router";

/**
 * Restores the stored session before anything is shown (SPEC section 2). The atoms read localStorage
 * on first use; a stored user without an id, or without its token, is a broken session and is cleared.
 */
function useRestoreSession(): boolean {
  const restored = useAtomValue(sessionRestoredAtom);
  const setRestored = useSetAtom(sessionRestoredAtom);
  useEffect(() => {
    const user = appStore.get(storedUserAtom);
    const token = appStore.get(tokenAtom);
    if ((user && !user.id) || Boolean(user) !== Boolean(token)) clearSession();
    setRestored(true);
  }, [setRestored]);
  return restored;
}

export function App() {
  const [router] = useState(createAppRouter);
  const restored = useRestoreSession();
  if (!restored) return null;
  return <RouterProvider router={router} />;
}
