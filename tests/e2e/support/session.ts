// The start the document specs share: sign in through the login form, then read with the same token
// what the screens open on (the user's default branch and its inventories).
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { apiGet, controlledByServiceWorker, firstPullDone, pageToken } from "./offline";
import { LoginPage } from "./pages";
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

/** Signs in through the login form; answers the token and the branch the screens open on. */
export async function signedIn(page: Page, request: APIRequestContext, user: Credentials): Promise<Session> {
  await new LoginPage(page).signIn(user);
  const token = await pageToken(page);
  expect(token, "the app stores a token once signed in").toBeTruthy();
  const me = await apiGet<Me>(request, token as string, "user/me/");
  const branch = me.branches.find((b) => b.id === me.default_branch_id) ?? me.branches[0];
  return { token: token as string, me, branch };
}

/** Signs in, then waits until the service worker controls the page and the device cache has loaded: the start of the offline specs. */
export async function signedInWithDeviceCache(page: Page, request: APIRequestContext, user: Credentials): Promise<Session> {
  const session = await signedIn(page, request, user);
  await controlledByServiceWorker(page);
  await firstPullDone(page);
  return session;
}
