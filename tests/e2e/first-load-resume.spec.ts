import { expect, test } from "@playwright/test";
import { apiGet, firstPullDone, pageToken, storeRows, cachedItems } from "./support/offline";
import { LoginPage } from "./support/pages";
import { ADMIN } from "./support/users";

/**
 * Issue 12, "a first load that survives the network", in Chromium: the first reference load is cut
 * off after its first page (the browser goes offline), and goes on when the network returns, from the
 * cursor stored with the last page written: every item ends in the cache once, and the server was
 * asked for each page of the walk once.
 */

const ROWS_PER_PAGE = 100;
const CUT_AFTER = 2;

interface CachedItem {
  id: number | string;
  _stub?: boolean;
  stock_ids?: number[];
}

test("a first load cut off by the network resumes where it stopped when the network returns", async ({ page, context, request }) => {
  test.setTimeout(180_000);
  /** Pull requests answered by the server, by their `since`. */
  const asked = new Map<string, number>();
  let walkPages = 0;
  let offline = false;
  await context.route("**/api/sync/pull/**", async (route) => {
    if (offline) return route.abort("internetdisconnected");
    const url = new URL(route.request().url());
    const since = url.searchParams.get("since") ?? "";
    // The demo data is one page of ~256 KB: pages of 100 rows make its walk several pages to cut between.
    url.searchParams.set("limit", String(ROWS_PER_PAGE));
    const response = await route.fetch({ url: url.toString() });
    asked.set(since, (asked.get(since) ?? 0) + 1);
    const body = (await response.json()) as { snapshot: boolean };
    if (body.snapshot) walkPages += 1;
    if (walkPages === CUT_AFTER && !offline) {
      // The network goes while this page is on its way: it arrives, the next ones do not.
      offline = true;
      await context.setOffline(true);
    }
    return route.fulfill({ response });
  });

  await new LoginPage(page).signIn(ADMIN);
  // Cut off: the pages that came are stored with its cursor and how far the load is; the rest waits.
  await expect
    .poll(async () => (await storeRows<{ key: string }>(page, "meta")).some((row) => row.key === "walk_progress"), { timeout: 60_000 })
    .toBe(true);
  await page.waitForTimeout(1_000);
  const meta = await storeRows<{ key: string; value: unknown }>(page, "meta");
  expect(meta.some((row) => row.key === "last_sync_at")).toBe(false);
  const progress = meta.find((row) => row.key === "walk_progress")?.value as { done: number; total: number };
  expect(progress.done).toBeGreaterThan(0);
  expect(progress.done).toBeLessThan(progress.total);

  // The network returns: the load goes on by itself (`online`) and completes.
  offline = false;
  await context.setOffline(false);
  await firstPullDone(page);

  expect(walkPages).toBeGreaterThan(CUT_AFTER);
  expect([...asked].filter(([, n]) => n > 1)).toEqual([]);
  const token = (await pageToken(page)) as string;
  const server = await apiGet<{ id: number }[]>(request, token, "item/all/");
  const cached = (await cachedItems<CachedItem>(page)).filter((row) => !row._stub);
  expect(cached.map((row) => row.id).sort((a, b) => Number(a) - Number(b))).toEqual(server.map((row) => row.id).sort((a, b) => a - b));
  const stockIds = cached.flatMap((row) => row.stock_ids ?? []);
  expect(new Set(stockIds).size).toBe(stockIds.length);
});
