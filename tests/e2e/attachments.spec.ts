import { expect, test } from "@playwright/test";
import { apiGet } from "./support/offline";
import { AttachmentsPanel } from "./support/pages";
import { signedIn, type Paged } from "./support/session";
import { ADMIN, uniqueName } from "./support/users";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test("a scan of the supplier's invoice attached on the purchase view is listed and shown", async ({ page }) => {
  const { token } = await signedIn(page, ADMIN);
  const [purchase] = (await apiGet<Paged<{ id: number }>>(page.request, token, "purchase/?page_size=25")).results;
  await page.goto(`/purchase/purchase/${purchase.id}/view`);
  const attachments = new AttachmentsPanel(page);
  await expect(attachments.panel()).toBeVisible();

  const name = `${uniqueName("invoice")}.png`;
  await attachments.attach({ name, mimeType: "image/png", buffer: PNG });
  const row = attachments.listed(name);
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: `View ${name}` }).click();
  await expect(attachments.panel().getByRole("img", { name })).toBeVisible();
});
