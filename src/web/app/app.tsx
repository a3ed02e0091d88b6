import { RouterProvider, type createBrowserRouter } from "react-router";
import { appStore, clearSession, storedUserAtom, tokenAtom } from "../lib/app-state";

/**
 * Restores the stored session before anything is shown (SPEC section 2). The atoms read localStorage
 * on first use; a stored user without an id, or without its token, is a broken session and is cleared.
 * Done before the first render (start-app.tsx), not in an effect: an effect would render the whole
 * app a second time, in one task, right after the first (the first screen's budget, DESIGN section 6).
 */
export function restoreSession(): void {
  const user = appStore.get(storedUserAtom);
  const token = appStore.get(tokenAtom);
  if ((user && !user.id) || Boolean(user) !== Boolean(token)) clearSession();
}

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return <RouterProvider router={router} />;
}
