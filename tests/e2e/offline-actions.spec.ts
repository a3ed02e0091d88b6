import { expect, test, type APIRequestContext } from "@playwright/test";
import { pageToken, storeRows } from "./support/offline";
import { FormPage, ListPage } from "./support/pages";
import { ADMIN, uniqueName } from "./support/users";
import { signedIn } from "./support/session";

/**
 * Edits, deletes and approvals need the server (DESIGN section 4): offline they stay on screen,
 * disabled, with the reason shown; back online they work again. Nothing here reloads offline: the
 * screens are opened online and the network drops under them.
 */

async function apiCall<T>(request: APIRequestContext, token: string, method: "GET" | "POST", path: string, data?: unknown): Promise<T> {
  const answer = await request.fetch(`/api/${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

test("item groups: delete and edit disabled offline, with the reason", async ({ page, context, request }) => {
  const name = uniqueName("Offline actions");
  await signedIn(page, ADMIN);
  const token = (await pageToken(page)) ?? "";
  const me = await apiCall<{ id: number }>(request, token, "GET", "user/me/");
  await apiCall(request, token, "POST", "item-group/", { name, form_token: `${me.id}-${Date.now()}-${crypto.randomUUID()}` });

  const list = new ListPage(page, "/stock/item-group", "item-group/");
  await list.goto();
  // Offline the list is read from the device cache: the new group must have been pulled into it
  // (a reload pulls the changes) or its row would vanish with the network.
  await page.reload();
  await expect
    .poll(async () => (await storeRows<{ name: string }>(page, "item_group")).some((group) => group.name === name), { timeout: 30_000 })
    .toBe(true);
  const row = list.rows(name);
  const remove = row.getByRole("button", { name: "Delete" });
  await expect(remove).toBeEnabled();

  await context.setOffline(true);
  await expect(remove).toBeDisabled();
  const reason = row.getByTitle("Deleting needs a connection");
  await expect(reason).toBeVisible();
  await reason.hover();
  await expect(page.getByRole("tooltip")).toHaveText("Deleting needs a connection");
  await context.setOffline(false);
  await expect(remove).toBeEnabled();

  // The edit form opened online: offline its Save is disabled and the reason is written next to it.
  await list.openForEdit(name);
  const form = new FormPage(page);
  await expect(form.field("Name")).toHaveValue(name);
  await context.setOffline(true);
  await expect(form.saveButton()).toBeDisabled();
  await expect(page.getByText("Editing needs a connection")).toBeVisible();
  await context.setOffline(false);
  await expect(form.saveButton()).toBeEnabled();
  await expect(page.getByText("Editing needs a connection")).toHaveCount(0);
});

interface Me {
  id: number;
  default_branch_id: number | null;
  branches: { id: number; inventories: { id: number }[] }[];
}

test("a pending transfer: approve and edit disabled offline, with the reason", async ({ page, context, request }) => {
  await signedIn(page, ADMIN);
  const token = (await pageToken(page)) ?? "";
  const me = await apiCall<Me>(request, token, "GET", "user/me/");
  const branch = me.branches.find((b) => b.id === me.default_branch_id) ?? me.branches[0];
  const [from, to] = branch.inventories;
  const stock = await apiCall<{ results: { id: number }[] }>(
    request,
    token,
    "GET",
    `stock/?inventory=${from.id}&quantity__gte=1&item_type=1&ordering=id&page_size=1`,
  );
  expect(stock.results, "stock in the source inventory").toHaveLength(1);
  const transfer = await apiCall<{ id: number }>(request, token, "POST", "inventory-stock-transfer/", {
    branch: branch.id,
    from_inventory: from.id,
    to_inventory: to.id,
    items: [{ stock: stock.results[0].id, quantity: "1" }],
    form_token: `${me.id}-${Date.now()}-${crypto.randomUUID()}`,
  });

  await page.goto(`/stock/inventory-stock-transfer/${transfer.id}/view`);
  await expect(page.getByTestId("transfer-status")).toHaveText("Pending");
  const approve = page.getByRole("button", { name: "Approve" });
  const edit = page.getByRole("button", { name: "Edit" });
  await expect(approve).toBeEnabled();

  await context.setOffline(true);
  await expect(approve).toBeDisabled();
  await expect(edit).toBeDisabled();
  await expect(approve).toHaveAttribute("title", "Needs a connection");
  await expect(page.getByText("Needs a connection", { exact: true })).toBeVisible();

  await context.setOffline(false);
  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(page.getByTestId("transfer-status")).toHaveText("Approved");
});
