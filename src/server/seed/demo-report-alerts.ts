import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { toIsoDate } from "../../core/dates";
import type { Tx } from "../db/client";
import { appUser, branch, currency, customer, inventory, item } from "../db/tables";
import type { AuthContext } from "../http/access";
import { createSaleTx } from "../modules/sale/sale.service";
import { addDemoOpeningStock, type DemoStockLine } from "./demo-opening-balance";
import { DEMO_OPENING_DATE } from "./demo-stock";

const daysAgo = (days: number) => toIsoDate(new Date(Date.now() - days * 86_400_000));

/**
 * What the stock and dues reports and the dashboard's cards show on a fresh demo: in each
 * branch's warehouse a few batches already expired and a few expiring within the month, a few items
 * put on the shop floor below their minimum, and one installment sale whose first two receipts are
 * past their date. Written through the branch's opening balance and the sale service, so movements
 * and the ledger agree.
 */
export async function seedDemoReportAlerts(tx: Tx): Promise<void> {
  const [admin] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, "admin"));
  const branches = await tx.select({ id: branch.id }).from(branch).orderBy(asc(branch.id));
  if (!admin || branches.length === 0) return;
  const auth: AuthContext = { userId: admin.id, tokenId: 0, isSuperuser: true, permissions: [], branchIds: branches.map((b) => b.id) };
  const goods = await tx
    .select()
    .from(item)
    .where(and(isNull(item.deletedAt), eq(item.itemType, 1), eq(item.isActive, true)))
    .orderBy(asc(item.id));
  const [service] = await tx
    .select()
    .from(item)
    .where(and(isNull(item.deletedAt), eq(item.itemType, 2)))
    .orderBy(asc(item.id))
    .limit(1);
  const [iqd] = await tx.select().from(currency).where(eq(currency.isBase, true));
  if (goods.length < 40) return;

  for (const [n, b] of branches.entries()) {
    const [warehouse, shopFloor] = await tx.select().from(inventory).where(eq(inventory.branchId, b.id)).orderBy(asc(inventory.id));
    if (!warehouse) continue;
    const lines: DemoStockLine[] = [];
    // Four batches expired 3 to 30 days ago, five expiring in 4 to 28 days.
    const offsets = [-3, -9, -17, -30, 4, 9, 15, 21, 28];
    for (const [k, days] of offsets.entries()) {
      const it = goods[(n * 11 + k * 3) % goods.length];
      lines.push({
        inventory: warehouse.id,
        item: it.id,
        batch_number: `EXP-${b.id}-${k + 1}`,
        expire_date: daysAgo(-days),
        quantity: String(2 + ((k * 5) % 9)),
        cost: it.purchasePrice,
      });
    }
    // Six items on the shop floor, each one or two under its minimum.
    if (shopFloor) {
      for (let k = 0; k < 6; k += 1) {
        const it = goods[(goods.length - 1 - n * 7 - k * 5 + goods.length) % goods.length];
        lines.push({
          inventory: shopFloor.id,
          item: it.id,
          batch_number: `LOW-${b.id}-${k + 1}`,
          expire_date: null,
          quantity: String(Math.max(Number(it.minQuantity) - 1 - (k % 2), 1)),
          cost: it.purchasePrice,
        });
      }
    }
    await addDemoOpeningStock(tx, auth, b.id, DEMO_OPENING_DATE(), lines);

    // An installment sale of a service, three monthly receipts from 45 days ago: two are overdue.
    const [buyer] = await tx
      .select()
      .from(customer)
      .where(and(eq(customer.branchId, b.id), ne(customer.isGeneral, true), isNull(customer.deletedAt)))
      .orderBy(asc(customer.id))
      .limit(1);
    if (!service || !buyer) continue;
    await createSaleTx(
      tx,
      auth,
      {
        branch: b.id,
        inventory: warehouse.id,
        customer: buyer.id,
        currency: iqd.id,
        exchange_rate: null,
        payment_type: "debit",
        cashbox: null,
        paid_amount: "0",
        discount: "0",
        input_date: daysAgo(50),
        note: null,
        items: [{ stock: null, item: service.id, quantity: null, price: "750000", fee: null, discount: null }],
        is_premium: true,
        months_count: 3,
        premium_receipt_amount: "250000",
        receipt_frequency: "monthly",
        next_receipt_date: daysAgo(45),
        guarantor_name: n === 0 ? "Hemin Aziz" : "Sherko Rauf",
        guarantor_phone: n === 0 ? "+964 750 321 6543" : "+964 770 654 3210",
        guarantor_address: n === 0 ? "Bakhtiari, Erbil" : "Salim Street, Sulaymaniyah",
      },
      null,
    );
  }
}
