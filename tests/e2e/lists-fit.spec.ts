// Every list screen fits the tablet, landscape (1280x800) and portrait (800x1280), in en, ar and ckb: the
// page never scrolls sideways, and a table wider than its box scrolls inside that box with its first column
// staying in view (SCREENS "Everywhere"). The list routes are read from the route table's source
// (src/web/app/routes/*.ts), so a new list is checked without touching this file. The dashboard's names
// are cut at their own end, whatever the interface's direction. One signed-in page per language; the
// screens are opened in the app (history), not reloaded.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import ts from "typescript";
import { signedIn } from "./support/session";
import { ADMIN } from "./support/users";

const ROUTES_DIR = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../src/web/app/routes");

interface ListRoute {
  name: string;
  path: string;
}

/** The string value of an object literal's property, if it is a plain string. */
function stringProperty(object: ts.ObjectLiteralExpression, key: string): string | undefined {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === key) {
      return ts.isStringLiteralLike(property.initializer) ? property.initializer.text : undefined;
    }
  }
  return undefined;
}

const hasProperty = (object: ts.ObjectLiteralExpression, key: string) =>
  object.properties.some((p) => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name.getText() === key);

/**
 * The routes whose screen is a list: `crud()` with its own list screen and every `namedRecord()` (the
 * shared list), a `page()` or a plain route named "…-list". A `crud()` without `list` shows the placeholder.
 */
function listRoutes(): ListRoute[] {
  const found: ListRoute[] = [];
  for (const file of readdirSync(ROUTES_DIR).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
    const source = ts.createSourceFile(file, readFileSync(join(ROUTES_DIR, file), "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const [first, second] = node.arguments;
        const callee = node.expression.text;
        if ((callee === "crud" || callee === "namedRecord") && first && ts.isObjectLiteralExpression(first)) {
          const name = stringProperty(first, "name");
          const path = stringProperty(first, "path");
          if (name && path && (callee === "namedRecord" || hasProperty(first, "list"))) found.push({ name: `${name}-list`, path });
        } else if (callee === "page" && first && second && ts.isStringLiteralLike(first) && ts.isStringLiteralLike(second)) {
          if (first.text.endsWith("-list")) found.push({ name: first.text, path: second.text });
        }
      } else if (ts.isObjectLiteralExpression(node)) {
        const name = stringProperty(node, "name");
        const path = stringProperty(node, "path");
        if (name?.endsWith("-list") && path !== undefined && hasProperty(node, "screen")) found.push({ name, path });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 800, height: 1280 },
] as const;

/** Opens a path inside the running app (react-router follows popstate), then waits until it has drawn its data. */
async function openInApp(page: Page, path: string): Promise<void> {
  const before = await page.title();
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  // Every list has a title of its own: the route's effect sets it once the route has rendered.
  await expect.poll(() => page.title(), { timeout: 20_000 }).not.toBe(before);
  await settled(page);
}

/** Nothing busy, no skeleton or spinner, fonts in, two frames drawn. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('main [aria-busy="true"], main .chakra-skeleton, .shell-spinner, main [data-loading]').count(), {
      timeout: 20_000,
    })
    .toBe(0);
  await page.evaluate(() =>
    document.fonts.ready.then(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))),
  );
}

/**
 * What does not fit, one line each: the page or the main content scrolling sideways, and every table
 * wider than its box whose box does not scroll or whose first column leaves the view when the box is
 * scrolled to its far end.
 */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > window.innerWidth) problems.push(`page is ${root.scrollWidth} px wide in ${window.innerWidth}`);
    const main = document.querySelector<HTMLElement>("main");
    if (!main) return ["no main"];
    if (main.scrollWidth > main.clientWidth) problems.push(`main content is ${main.scrollWidth} px wide in ${main.clientWidth}`);
    const mainBox = main.getBoundingClientRect();
    const rtl = getComputedStyle(main).direction === "rtl";
    const frame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));
    for (const [index, table] of Array.from(main.querySelectorAll<HTMLTableElement>("table")).entries()) {
      const label = `table ${index + 1}${table.getAttribute("aria-label") ? ` (${table.getAttribute("aria-label")})` : ""}`;
      const box = table.getBoundingClientRect();
      if (box.width === 0) continue; // hidden (a print copy, a closed dialog)
      let scroller: HTMLElement | null = table.parentElement;
      while (scroller && scroller !== main && !/auto|scroll/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (!scroller || scroller === main) {
        if (box.left < mainBox.left - 1 || box.right > mainBox.right + 1)
          problems.push(`${label} runs out of the content and has no scrolling box`);
        continue;
      }
      const scrollerBox = scroller.getBoundingClientRect();
      if (scrollerBox.left < mainBox.left - 1 || scrollerBox.right > mainBox.right + 1)
        problems.push(`${label}'s box runs out of the content`);
      if (scroller.scrollWidth <= scroller.clientWidth) continue;
      // Wider than its box: scrolled to the far end, the first column is still where it starts.
      // The head's first cell, and the first row's when it has cells of its own (not "No results found").
      const firstCells = [
        table.querySelector<HTMLElement>("thead tr > :first-child"),
        table.querySelector<HTMLElement>("tbody tr > td:first-child:not([colspan])"),
      ];
      const kept = scroller.scrollLeft;
      scroller.scrollLeft = rtl ? -scroller.scrollWidth : scroller.scrollWidth;
      await frame();
      const inner = scroller.getBoundingClientRect();
      for (const [which, part] of ["head", "first row"].entries()) {
        const element = firstCells[which];
        if (!element) continue;
        const cell = element.getBoundingClientRect();
        const stays = rtl ? Math.abs(cell.right - inner.right) <= 2 : Math.abs(cell.left - inner.left) <= 2;
        if (!stays)
          problems.push(`${label} scrolls ${scroller.scrollWidth - scroller.clientWidth} px and its ${part}'s first cell goes with it`);
      }
      scroller.scrollLeft = kept;
    }
    return problems;
  });
}

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/**
 * The dashboard's names (the cashboxes) are cut at their own end: each takes the direction of its own
 * text, is cut with an ellipsis, and its first letter is inside its box however long it is.
 */
async function namesCutAtTheirEnd(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const strong = /[\p{Script=Latin}\p{Script=Arabic}\p{Script=Hebrew}]/u;
    const names = Array.from(document.querySelectorAll<HTMLElement>(".dash-row > :first-child"));
    for (const name of names) {
      const text = name.textContent ?? "";
      const letter = strong.exec(text);
      if (!letter) continue;
      const own = /\p{Script=Latin}/u.test(letter[0]) ? "ltr" : "rtl";
      const style = getComputedStyle(name);
      if (style.direction !== own) problems.push(`"${text}" is drawn ${style.direction}, its text is ${own}`);
      if (style.textOverflow !== "ellipsis") problems.push(`"${text}" is not cut with an ellipsis`);
      // Its first letter, where it is drawn: inside the name's box (not scrolled away behind the ellipsis).
      const textNode = Array.from(name.childNodes).find((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim());
      if (!textNode) continue;
      const range = document.createRange();
      range.setStart(textNode, letter.index);
      range.setEnd(textNode, letter.index + letter[0].length);
      const glyph = range.getBoundingClientRect();
      const box = name.getBoundingClientRect();
      if (glyph.left < box.left - 1 || glyph.right > box.right + 1) problems.push(`"${text}" loses its beginning`);
    }
    if (names.length === 0) problems.push("no name on the dashboard");
    return problems;
  });
}

const LIST_ROUTES = listRoutes();

test("the route table's list screens are found", () => {
  // A parse that stopped finding crud()'s lists would check nothing: the table has dozens.
  expect(LIST_ROUTES.length).toBeGreaterThan(30);
  expect(LIST_ROUTES.map((r) => r.path)).toEqual(expect.arrayContaining(["stock/item", "sale/sale", "hr/employee", "stock/stock"]));
});

for (const language of ["en", "ar", "ckb"] as const) {
  test(`every list fits 1280x800 and 800x1280 in ${language}, and the dashboard's names are cut at their end`, async ({
    page,
  }, testInfo) => {
    // Some forty lists at two sizes on one page.
    test.setTimeout(600_000);
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto("/favicon.svg");
    await page.evaluate((lang) => localStorage.setItem("bo.language", JSON.stringify(lang)), language);
    await signedIn(page, ADMIN);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.locator("html")).toHaveAttribute("dir", language === "en" ? "ltr" : "rtl");

    const failures: string[] = [];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const size = `${viewport.width}x${viewport.height}`;

      await test.step(`dashboard ${size}`, async () => {
        // The dashboard has no title of its own to wait for: opened afresh.
        await page.goto("/");
        await expect(page.locator(".dash-row").first()).toBeVisible();
        await settled(page);
        const found = [...(await overflows(page)), ...(await namesCutAtTheirEnd(page))];
        if (found.length > 0) {
          failures.push(...found.map((f) => `${language} ${size} dashboard: ${f}`));
          await shoot(page, testInfo, `${language}-${size}-dashboard`);
        }
      });

      for (const route of LIST_ROUTES) {
        await test.step(`${route.path} ${size}`, async () => {
          await openInApp(page, `/${route.path}`);
          const found = await overflows(page);
          if (found.length > 0) {
            failures.push(...found.map((f) => `${language} ${size} /${route.path}: ${f}`));
            await shoot(page, testInfo, `${language}-${size}-${route.name}`);
          }
        });
      }
    }
    expect(failures, "screens that do not fit (screenshots in the test's output folder)").toEqual([]);
  });
}
