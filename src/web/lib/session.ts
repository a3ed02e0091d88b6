import type { AuthUser } from "../../core/api-types";
import { sendCommand } from "../offline/commands";
import { api } from "./api-client";
import { appStore, clearSession, storedUserAtom, tokenAtom } from "./app-state";

/**
 * Asked before logging out; returning false cancels the logout. The offline layer registers one that
 * asks the user about unsynced outbox entries. Until then logging out always proceeds.
 */
export type BeforeLogout = () => Promise<boolean> | boolean;

let beforeLogoutHook: BeforeLogout = () => true;

export function registerBeforeLogout(hook: BeforeLogout): () => void {
  beforeLogoutHook = hook;
  return () => {
    if (beforeLogoutHook === hook) beforeLogoutHook = () => true;
  };
}

export async function beforeLogout(): Promise<boolean> {
  return beforeLogoutHook();
}

/** Signs in: stores the token (the api client sends it from now on), then the user. */
export async function login(username: string, password: string): Promise<AuthUser> {
  const { token } = await sendCommand("sign-in", { username, password }, { silent: true });
  appStore.set(tokenAtom, token);
  const user = await api.get("user/me/").json<AuthUser>();
  appStore.set(storedUserAtom, user);
  return user;
}

/**
 * Logs out (SPEC section 4): revokes the token on the server when reachable, then ends the session on
 * the device as a 401 does (clearSession). Returns false when the beforeLogout hook cancelled.
 */
export async function logout(): Promise<boolean> {
  if (!(await beforeLogout())) return false;
  try {
    await sendCommand("sign-out", {}, { silent: true, timeout: 5000 });
  } catch {
    // Offline or already expired: the local session is cleared anyway.
  }
  clearSession();
  return true;
}
