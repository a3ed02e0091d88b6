// What the sign-in form leaves in the browser, put there directly: the start of the e2e specs that are
// not about the form (session.ts) and of the benches that open the signed-in dashboard. Types only from
// Playwright, so a bench script can import it outside the test runner.
import type { Page } from "playwright-core";

/** What the app keeps in localStorage once signed in (src/web/lib/app-state.ts: `bo.token`, `bo.user`). */
export interface StoredSession {
  token: string;
  /** The body of user/me/. */
  user: unknown;
}

/**
 * Puts the session in the page's origin, then opens the app at /. It is written on a static file of the
 * origin, so neither the app nor its service worker runs before it is in. `origin` may be "" when the
 * page has a base URL.
 */
export async function openSignedIn(page: Page, session: StoredSession, origin = ""): Promise<void> {
  await page.goto(`${origin}/favicon.svg`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("bo.token", JSON.stringify(token));
    localStorage.setItem("bo.user", JSON.stringify(user));
  }, session);
  await page.goto(`${origin}/`);
}

/** Signs the demo admin in over HTTP (no browser), as the benches do: the session to store. */
export async function demoAdminSession(origin: string): Promise<StoredSession> {
  const login = await fetch(`${origin}/api/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin" }),
  });
  if (!login.ok) throw new Error(`demo admin sign-in failed: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const me = await fetch(`${origin}/api/user/me/`, { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`user/me failed: ${me.status}`);
  return { token, user: await me.json() };
}
