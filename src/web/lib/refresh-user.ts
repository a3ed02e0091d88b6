import type { AuthUser } from "../../core/api-types";
import { api } from "./api-client";
import { appStore, storedUserAtom } from "./app-state";

/** Reloads the signed-in user (their branches and inventories) after a branch or inventory changed. */
export async function refreshStoredUser(): Promise<void> {
  try {
    const user = await api.get("user/me/", { context: { silent: true } }).json<AuthUser>();
    appStore.set(storedUserAtom, user);
  } catch {
    // Offline: the next start-up reloads it.
  }
}
