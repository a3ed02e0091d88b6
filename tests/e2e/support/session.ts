// The start most specs share: a signed-in device with the app open, and what the screens open on (the
// user's default branch and its inventories).
import { expect, type Page } from "@playwright/test";
import { apiGet, controlledByServiceWorker, firstPullDone } from "./offline";
import { Shell } from "./pages";
import { openSignedIn } from "./stored-session";
import type { Credentials } from "./users";

/** What the specs read of user/me/. */
export interface Me {
  id: number;
  default_branch_id: number | null;
  branches: { id: number; name: string; inventories: { id: number; name: string }[] }[];
}

/** One page of a list resource. */
export interface Paged<T> {
  count: number;
  results: T[];
}

export interface Session {
  /** The token the app stored, for the specs' own API reads. */
  token: string;
  me: Me;
  /** The branch the document screens open on: the user's default, else the first. */
  branch: Me["branches"][number];
}

/**
 * Signs in as a tablet that stays signed in starts: the session the sign-in form leaves is put in place,
 * then the app opens at / (stored-session.ts). The page's own
 * context signs in, so its device cookie is the browser's, as after the form. The specs about the form
 * and what follows it (language, logout, permissions, a new user's sign-in) use LoginPage.signIn; the
 * others start here, which spares each of them the sign-in page and its password check while the
 * browser is busy (signed in with the shell drawn in 2.2 s against 4.2 s on two cores). Answers the
 * token and the branch the screens open on.
 */
export async function signedIn(page: Page, user: Credentials): Promise<Session> {
  const answer = await page.request.post("/api/login/", { data: { username: user.username, password: user.password } });
  expect(answer.status(), `${user.username} signs in`).toBe(200);
  const { token } = (await answer.json()) as { token: string };
  const me = await apiGet<Me>(page.request, token, "user/me/");
  await openSignedIn(page, { token, user: me });
  await expect(new Shell(page).userMenu()).toBeVisible();
  const branch = me.branches.find((b) => b.id === me.default_branch_id) ?? me.branches[0];
  return { token, me, branch };
}

/** Signs in, then waits until the service worker controls the page and the device cache has loaded: the start of the offline specs. */
export async function signedInWithDeviceCache(page: Page, user: Credentials): Promise<Session> {
  const session = await signedIn(page, user);
  await controlledByServiceWorker(page);
  await firstPullDone(page);
  return session;
}
