import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { div, round, sum, toDecimalString } from "../../core/money";
import { lineTotal } from "../../core/posting";
import { toIsoDate } from "../../core/dates";
import type { Tx } from "../db/client";
import { appUser, branch, cashbox, currency, inventory, item, supplierBranch } from "../db/tables";
import type { AuthContext } from "../http/access";
import { createPurchase } from "../modules/purchase/purchase.service";
import { addDemoOpeningStock, type DemoStockLine } from "./demo-opening-balance";

/** Same small deterministic generator as seed.ts, so every fresh demo database is the same. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const daysAgo = (days: number) => toIsoDate(new Date(Date.now() - days * 86_400_000));

/** The day the demo business starts on the product: before its six months of sales history. */
export const DEMO_OPENING_DATE = () => daysAgo(200);

/**
 * Opening stock in every inventory (each branch's opening balance document) and a few weeks of purchases,
 * written through the same services the API uses, so stock rows, movements and the ledger agree.
 */
export async function seedDemoStock(tx: Tx): Promise<void> {
  const random = generator(4242);
  const [admin] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, "admin"));
  const branches = await tx.select({ id: branch.id }).from(branch).orderBy(asc(branch.id));
  const inventories = await tx.select().from(inventory).where(isNull(inventory.deletedAt)).orderBy(asc(inventory.id));
  // Services keep no stock; inactive items are not bought.
  const goods = await tx
    .select()
    .from(item)
    .where(and(isNull(item.deletedAt), ne(item.itemType, 2), eq(item.isActive, true)))
    .orderBy(asc(item.id));

  // Opening stock: each branch's warehouse (its first inventory) holds every item that keeps stock, the
  // shop floor a few (kept small: every API test file seeds a fresh database); about one in eight is
  // under its minimum quantity.
  const warehouses = new Set(branches.map((b) => inventories.find((i) => i.branchId === b.id)?.id));
  const auth: AuthContext = { userId: admin.id, tokenId: 0, isSuperuser: true, permissions: [], branchIds: branches.map((b) => b.id) };
  const opening = new Map<number, DemoStockLine[]>(branches.map((b) => [b.id, []]));
  for (const inv of inventories) {
    const warehouse = warehouses.has(inv.id);
    for (const it of goods) {
      if (!warehouse && random() > 0.15) continue;
      const low = random() < 0.12;
      const quantity = low ? Math.floor(random() * Number(it.minQuantity)) : 10 + Math.floor(random() * 70);
      if (quantity === 0 && !warehouse) continue;
      opening.get(inv.branchId)?.push({
        inventory: inv.id,
        item: it.id,
        batch_number: it.batchNumber,
        expire_date: it.expireDate,
        quantity: String(Math.max(quantity, 1)),
        cost: it.purchasePrice,
      });
    }
  }
  for (const [branchId, lines] of opening) await addDemoOpeningStock(tx, auth, branchId, DEMO_OPENING_DATE(), lines);

  const [iqd] = await tx.select().from(currency).where(eq(currency.isBase, true));
  const [usd] = await tx.select().from(currency).where(eq(currency.code, "USD"));
  const links = await tx.select().from(supplierBranch).orderBy(asc(supplierBranch.supplierId), asc(supplierBranch.branchId));
  const boxes = await tx.select().from(cashbox).where(isNull(cashbox.deletedAt));
  // The dollar purchases' own stated rate: at 1,250 every demo price (a multiple of 250 dinars) is a whole
  // number of 20 cents, so the base-currency cost a dollar line gives its stock row is the item's cost to
  // the fils, and the ledger's inventory stays equal to the stock's value at cost when a later dinar
  // purchase of the same row prices it again (the stock row keeps the last purchase's cost).
  const usdRate = "1250";

  // Twelve purchases over four weeks: paid, partly paid and on credit, one in USD per branch.
  for (let n = 0; n < 12; n += 1) {
    const link = links[n % links.length];
    const inv = inventories.find((i) => i.branchId === link.branchId)!;
    const inUsd = n % 6 === 5;
    const cur = inUsd ? usd : iqd;
    const lines = Array.from({ length: 3 + (n % 4) }, (_, k) => goods[(n * 37 + k * 11) % goods.length]).map((it) => ({
      item: it.id,
      quantity: String(12 + Math.floor(random() * 36)),
      purchase_price: inUsd ? toDecimalString(round(div(it.purchasePrice, usdRate))) : it.purchasePrice,
      sale_price: it.salePrice,
      batch_number: it.batchNumber,
      expire_date: it.expireDate,
    }));
    const kind = n % 3; // 0 paid, 1 partly paid, 2 on credit
    const box = boxes.find((b) => b.branchId === link.branchId && b.currencyId === cur.id)!;
    const total = sum(lines.map((l) => lineTotal(l.quantity, l.purchase_price)));
    const paid = kind === 0 ? total : kind === 1 ? round(div(total, 2), 0) : "0";
    await createPurchase(
      tx,
      {
        branch: link.branchId,
        inventory: inv.id,
        supplier: link.supplierId,
        currency: cur.id,
        exchange_rate: inUsd ? usdRate : null,
        payment_type: kind === 2 ? "debit" : "cash",
        cashbox: kind === 2 ? null : box.id,
        paid_amount: toDecimalString(paid),
        discount: "0",
        supplier_invoice_no: `SUP-${1000 + n}`,
        input_date: daysAgo(28 - n * 2),
        note: "",
        items: lines,
      },
      auth,
    );
  }
}
