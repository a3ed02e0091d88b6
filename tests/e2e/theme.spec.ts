// SPEC section 9's look where Chakra draws: primary actions in #4A6486, a dialog at z-index 2400 over its
// overlay at 2000, invalid fields bordered in the error colour #F75555; and the sign-in page, drawn with
// its own style sheet, in the same primary colour.
import { expect, test, type Locator } from "@playwright/test";
import { LoginPage } from "./support/pages";
import { signedIn } from "./support/session";
import { ADMIN } from "./support/users";

const PRIMARY = "rgb(74, 100, 134)"; // #4A6486
const ERROR = "rgb(247, 85, 85)"; // #F75555

const style = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test("the sign-in button is the primary colour", async ({ page }) => {
  await new LoginPage(page).goto();
  await expect(new LoginPage(page).submit()).toBeVisible();
  expect(await style(new LoginPage(page).submit(), "background-color")).toBe(PRIMARY);
});

test("primary buttons are #4A6486, dialogs sit at 2400 over an overlay at 2000, invalid fields are bordered #F75555", async ({ page }) => {
  await signedIn(page, ADMIN);
  await page.goto("/stock/item-group");
  const add = page.getByRole("button", { name: "Add", exact: true });
  // The list's chunk and Chakra's theme load on the first Chakra screen: slow on a busy machine.
  await expect(add).toBeVisible({ timeout: 30_000 });
  expect(await style(add, "background-color")).toBe(PRIMARY);
  expect(await style(add, "color")).toBe("rgb(255, 255, 255)");

  await page.getByRole("button", { name: "Print", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  expect(await style(dialog.getByRole("button", { name: "Print", exact: true }), "background-color")).toBe(PRIMARY);
  expect(Number(await style(dialog, "z-index"))).toBe(2400);
  const backdrop = page.locator("[data-scope=dialog][data-part=backdrop]");
  expect(Number(await style(backdrop, "z-index"))).toBe(2000);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // A required field left empty: its border takes the error colour.
  await page.goto("/stock/item-group/add");
  const save = page.getByRole("button", { name: "Save", exact: true });
  expect(await style(save, "background-color")).toBe(PRIMARY);
  await save.click();
  const name = page.getByRole("textbox", { name: "Name" });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  expect(await style(name, "border-top-color")).toBe(ERROR);
});
