import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  cachedStockRows,
  type CachedItemRow,
  type CachedStockRow,
  controlledByServiceWorker,
  firstPullDone,
  pageToken,
  storeRows,
  cachedItems,
} from "./support/offline";
import { ADMIN } from "./support/users";
import { signedIn } from "./support/session";

/**
 * Extra sale material and a quotation conversion, offline: both screens open online, the
 * connection drops, and both saves go through the outbox: queued, their stock taken in the device
 * cache at once, shown pending (on the sale; as a provisional sale). Back online each syncs once: the
 * sale has one extra line, the quotation one converted sale, and the server's stock is reduced once.
 *
 * A sale deleted on the server leaves the device at its next pull: the copy kept when it was
 * viewed goes, so offline it no longer opens; the quotation it was converted from stays converted.
 *
 * Accessible names: src/web/features/sale/sale/sale-view.tsx ("Extra Material"), sale-extra.tsx
 * ("Scan material", "Save"), sale-quotation-view.tsx ("Convert to sale"), payment-fields.tsx ("Debit").
 */

interface OutboxRow {
  resource: string;
  status: string;
  effects: { kind: string; number?: string | null }[];
}
interface Me {
  id: number;
  default_branch_id: number | null;
  branches: { id: number; inventories: { id: number }[] }[];
}
interface SaleAnswer {
  id: number;
  items: { stock: number; quantity: string; is_extra?: boolean }[];
}

const GOODS = 1;
const MATERIAL = 4;

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  data?: unknown,
): Promise<T> {
  const answer = await request.fetch(`/api/${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), `${method} ${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

const formToken = (userId: number) => `${userId}-${Date.now()}-${crypto.randomUUID()}`;

test("offline extra material and quotation convert: queued with their stock taken, pending, synced once", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await signedIn(page, ADMIN);
  await controlledByServiceWorker(page);
  await firstPullDone(page);

  const token = (await pageToken(page)) ?? "";
  const me = await api<Me>(request, token, "GET", "user/me/");
  const branch = me.branches.find((b) => b.id === me.default_branch_id) ?? me.branches[0];
  const inventory = branch.inventories[0].id;

  // A goods row to sell and quote, and a material row whose barcode has no other row in the inventory.
  const items = new Map((await cachedItems<CachedItemRow>(page)).map((item) => [item.id, item]));
  const rows = (await cachedStockRows(page)).filter((row) => row.inventory_id === inventory && !row.deleted_at);
  const usable = (row: CachedStockRow, type: number) => {
    const item = items.get(row.item_id);
    return Number(row.quantity) >= 3 && item?.item_type === type && item.is_active !== false && !item.deleted_at;
  };
  const goods = rows.find((row) => usable(row, GOODS));
  const material = rows.find((row) => {
    const barcode = items.get(row.item_id)?.barcode;
    return usable(row, MATERIAL) && !!barcode && rows.filter((other) => items.get(other.item_id)?.barcode === barcode).length === 1;
  });
  expect(goods, "the demo data has goods in stock").toBeTruthy();
  expect(material, "the demo data has material in stock with its own barcode").toBeTruthy();
  const goodsId = (goods as CachedStockRow).id;
  const materialId = (material as CachedStockRow).id;
  const materialBarcode = items.get((material as CachedStockRow).item_id)?.barcode as string;

  // An unpaid sale and a quotation, made online through the API.
  const [customer] = (await api<{ results: { id: number }[] }>(request, token, "GET", `customer/?branch=${branch.id}&page_size=1`)).results;
  const [currency] = await storeRows<{ id: number }>(page, "currency");
  const header = { branch: branch.id, inventory, customer: customer.id, currency: currency.id, discount: "0" };
  const line = { stock: goodsId, quantity: "1", price: "1000" };
  const sale = await api<SaleAnswer>(request, token, "POST", "sale/", {
    ...header,
    payment_type: "debit",
    cashbox: null,
    paid_amount: "0",
    items: [line],
    form_token: formToken(me.id),
  });
  const quotation = await api<{ id: number }>(request, token, "POST", "sale-quotation/", {
    ...header,
    items: [line],
    form_token: formToken(me.id),
  });
  const serverQuantity = async (id: number) => Number((await api<{ quantity: string }>(request, token, "GET", `stock/${id}/`)).quantity);
  const goodsBefore = await serverQuantity(goodsId);
  const materialBefore = await serverQuantity(materialId);
  const salesBefore = (await api<{ count: number }>(request, token, "GET", "sale/?page_size=1")).count;

  // Both screens open online; then the connection drops.
  await page.goto(`/sale/sale/${sale.id}/view`);
  await expect(page.getByTestId("document-print")).toBeVisible({ timeout: 30_000 });
  const quotationPage = await context.newPage();
  await quotationPage.goto(`/sale/sale-quotation/${quotation.id}/view`);
  await expect(quotationPage.getByTestId("document-print")).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  const cached = async (id: number) => Number((await cachedStockRows(page)).find((row) => row.id === id)?.quantity);
  const cachedMaterial = await cached(materialId);
  const cachedGoods = await cached(goodsId);

  // Extra material, offline: scanned from the cache, saved to the outbox, pending on the sale.
  await page.getByRole("button", { name: "Extra Material" }).click();
  const scan = page.getByRole("textbox", { name: "Scan material" });
  await expect(scan).toBeVisible();
  await scan.pressSequentially(materialBarcode, { delay: 5 });
  await scan.press("Enter");
  await expect(page.getByText(materialBarcode).first()).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved, will sync").first()).toBeVisible();
  await expect(page.getByTestId("pending-extras")).toContainText("Pending sync");
  await expect(page.getByTestId("document-print")).toBeVisible();
  await expect.poll(() => cached(materialId)).toBe(cachedMaterial - 1);

  // The quotation, offline: converted on debit, a provisional sale that took its stock.
  await quotationPage.getByRole("button", { name: "Convert to sale" }).click();
  const dialog = quotationPage.getByRole("dialog");
  await dialog.getByRole("radio", { name: "Debit" }).click();
  await dialog.getByRole("button", { name: "Convert to sale" }).click();
  await expect(quotationPage.getByTestId("pending-badge")).toBeVisible();
  await expect(quotationPage.getByTestId("document-number")).toContainText(/P-\d+/);
  await expect.poll(() => cached(goodsId)).toBe(cachedGoods - 1);

  const outbox = await storeRows<OutboxRow>(page, "outbox");
  expect(outbox.map((entry) => entry.resource).sort()).toEqual([`sale-quotation/${quotation.id}/convert/`, `sale/${sale.id}/extra/`]);
  expect(outbox.every((entry) => entry.status === "pending")).toBe(true);

  // Back online: each syncs once.
  await context.setOffline(false);
  await expect.poll(async () => (await storeRows<OutboxRow>(page, "outbox")).length, { timeout: 60_000 }).toBe(0);
  const after = await api<SaleAnswer>(request, token, "GET", `sale/${sale.id}/`);
  expect(after.items.filter((l) => l.is_extra).map((l) => [l.stock, Number(l.quantity)])).toEqual([[materialId, 1]]);
  const converted = await api<{ converted_sale_id: number | null }>(request, token, "GET", `sale-quotation/${quotation.id}/`);
  expect(converted.converted_sale_id).toBeTruthy();
  expect((await api<{ count: number }>(request, token, "GET", "sale/?page_size=1")).count).toBe(salesBefore + 1);
  expect(await serverQuantity(materialId)).toBe(materialBefore - 1);
  expect(await serverQuantity(goodsId)).toBe(goodsBefore - 1);
});

test("a sale deleted on the server leaves the device at its next pull; its quotation stays converted", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, ADMIN);
  await controlledByServiceWorker(page);
  await firstPullDone(page);
  const token = (await pageToken(page)) ?? "";
  const me = await api<Me>(request, token, "GET", "user/me/");
  const branch = me.branches.find((b) => b.id === me.default_branch_id) ?? me.branches[0];
  const inventory = branch.inventories[0].id;
  const items = new Map((await cachedItems<CachedItemRow>(page)).map((item) => [item.id, item]));
  const goods = (await cachedStockRows(page)).find((row) => {
    const item = items.get(row.item_id);
    return (
      row.inventory_id === inventory &&
      !row.deleted_at &&
      Number(row.quantity) >= 2 &&
      item?.item_type === GOODS &&
      item.is_active !== false
    );
  });
  expect(goods, "the demo data has goods in stock").toBeTruthy();
  const [customer] = (await api<{ results: { id: number }[] }>(request, token, "GET", `customer/?branch=${branch.id}&page_size=1`)).results;
  const [currency] = await storeRows<{ id: number }>(page, "currency");
  const header = { branch: branch.id, inventory, customer: customer.id, currency: currency.id, discount: "0" };
  const quotation = await api<{ id: number }>(request, token, "POST", "sale-quotation/", {
    ...header,
    items: [{ stock: (goods as CachedStockRow).id, quantity: "1", price: "1000" }],
    form_token: formToken(me.id),
  });
  const sale = await api<{ id: number; invoice_no: number }>(request, token, "POST", `sale-quotation/${quotation.id}/convert/`, {
    payment_type: "debit",
    cashbox: null,
    paid_amount: "0",
    form_token: formToken(me.id),
  });

  // Viewed online: the device keeps a copy, which opens offline.
  await page.goto(`/sale/sale/${sale.id}/view`);
  await expect(page.getByTestId("document-number")).toContainText(String(sale.invoice_no), { timeout: 30_000 });
  const kept = async () => (await storeRows<{ path: string }>(page, "viewed_record")).some((row) => row.path === `sale/${sale.id}/`);
  await expect.poll(kept).toBe(true);

  // Deleted on the server; the next pull (the app pulls when it starts) takes the copy away.
  await api(request, token, "DELETE", `sale/${sale.id}/`);
  await page.reload();
  await expect.poll(kept, { timeout: 60_000 }).toBe(false);
  await context.setOffline(true);
  await page.goto(`/sale/sale/${sale.id}/view`);
  // Nothing kept to show: the view says it cannot load the record (how it words it depends on whether
  // the app has noticed it is offline yet).
  await expect(page.getByText(/not available offline|could not be loaded/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("document-number")).toBeHidden();
  await context.setOffline(false);

  // The quotation stays converted: it says its sale was deleted, and offers neither the sale nor a new conversion.
  await page.goto(`/sale/sale-quotation/${quotation.id}/view`);
  await expect(page.getByTestId("converted-sale-deleted")).toHaveText("Converted; its sale was deleted", { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Open the sale" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Convert to sale" })).toBeHidden();
});
