import { toIsoDate } from "../../../core/dates";
import { carriesQuantity } from "../../../core/item-types";
import { MESSAGES } from "../../../core/messages";
import { isZero, QUANTITY_SCALE, sub, toDecimalString } from "../../../core/money";
import { openingStockKey, openingStockValue, postOpeningBalance, repeatedLines } from "../../../core/opening-balance";
import type { PostingLine } from "../../../core/posting";
import { openingBalanceSchema, type OpeningBalanceInput } from "../../../core/validation/opening-balance-schema";
import type { Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors, notFound, staleRecord } from "../../http/errors";
import { invalidChoice, validateBody } from "../../http/resource";
import { assignDocumentNumber, renumberIfMoved } from "../documents/document-number";
import { bookedLines, repost } from "../ledger/ledger.repository";
import { assertPeriodsOpen } from "../ledger/period-lock.repository";
import { batchTrackingOn, liveItems } from "../purchase/purchase.repository";
import { applyMovements, findOrCreateStock } from "../stock/stock-ledger";
import { lockCashboxes, type CashboxRow } from "./cashbox.repository";
import { assertNotOverdrawn, balances } from "./cashbox-guard";
import { cashboxRate } from "./cashbox-adjustment";
import { partyInBranch } from "./money-document.repository";
import {
  baseCurrencyId,
  branchInventories,
  deleteOpeningBalanceRow,
  insertOpeningBalance,
  itemSalePrices,
  liveCurrencies,
  lockOpeningBalance,
  movedByStock,
  OPENING_BALANCE,
  otherOpeningBalance,
  setStockCost,
  storedCashboxes,
  updateOpeningBalance,
  writeOpeningLines,
  type OpeningHeaderRow,
  type OpeningMoneyRow,
} from "./opening-balance.repository";

/**
 * Opening balances (DESIGN "The books"): one document per branch with its cash, parties and stock at
 * the day the business starts on the product, posted against opening balance equity
 * (src/core/opening-balance.ts). Stock enters through the stock ledger as a purchase's does (batch,
 * expiry, unit cost in the base currency), so the stock's value at cost and the inventory account agree.
 * An edit moves each stock row by the difference only (what the edit removes must still be there) and
 * reposts the ledger through `repost` (append-only); a delete takes its stock back out and reverses it.
 */
interface CheckedOpening {
  branchId: number;
  inputDate: string;
  note: string;
  money: (Omit<OpeningMoneyRow, "openingBalanceId"> & { exchangeRate: string })[];
  stock: { inventoryId: number; itemId: number; batchNumber: string; expireDate: string | null; quantity: string; cost: string }[];
}

const lineError = (section: string, index: number, field: string) => `${section}[${index}].${field}`;

/** Every rule of the body that needs the database; field errors are gathered and refused together. */
async function checkOpening(
  tx: Tx,
  auth: AuthContext,
  input: OpeningBalanceInput,
  boxes: Map<number, CashboxRow>,
): Promise<CheckedOpening> {
  if (!auth.branchIds.includes(input.branch)) throw invalidChoice("branch");
  const errors: Record<string, string[]> = {};
  const refuse = (key: string, message: string) => {
    errors[key] = [message];
  };
  if (input.input_date > toIsoDate(new Date())) refuse("input_date", MESSAGES.dateInFuture);
  const { cashboxes, customers, suppliers, stock } = input;
  if (cashboxes.length + customers.length + suppliers.length + stock.length === 0) throw badRequest(MESSAGES.openingBalanceEmpty);

  cashboxes.forEach((line, i) => {
    const box = boxes.get(line.cashbox);
    if (!box || box.branchId !== input.branch) refuse(lineError("cashboxes", i, "cashbox"), MESSAGES.invalidChoice);
  });
  for (const i of repeatedLines(cashboxes, (l) => String(l.cashbox)))
    refuse(lineError("cashboxes", i, "cashbox"), MESSAGES.openingLineRepeated);

  const currencies = await liveCurrencies(tx, [...new Set([...customers, ...suppliers].map((l) => l.currency))]);
  const parties = [
    { section: "customers", kind: "receipt" as const, lines: customers.map((l) => ({ party: l.customer, currency: l.currency })) },
    { section: "suppliers", kind: "payment" as const, lines: suppliers.map((l) => ({ party: l.supplier, currency: l.currency })) },
  ];
  for (const { section, kind, lines } of parties) {
    const field = section === "customers" ? "customer" : "supplier";
    for (const [i, line] of lines.entries()) {
      if (!(await partyInBranch(tx, kind, line.party, input.branch))) refuse(lineError(section, i, field), MESSAGES.invalidChoice);
      if (!currencies.has(line.currency)) refuse(lineError(section, i, "currency"), MESSAGES.invalidChoice);
    }
    for (const i of repeatedLines(lines, (l) => `${l.party}:${l.currency}`))
      refuse(lineError(section, i, field), MESSAGES.openingLineRepeated);
  }

  const inventories = await branchInventories(tx, input.branch, [...new Set(stock.map((l) => l.inventory))]);
  const items = await liveItems(tx, [...new Set(stock.map((l) => l.item))]);
  stock.forEach((line, i) => {
    if (!inventories.has(line.inventory)) refuse(lineError("stock", i, "inventory"), MESSAGES.invalidChoice);
    const found = items.get(line.item);
    if (!found || !carriesQuantity(found.itemType)) refuse(lineError("stock", i, "item"), MESSAGES.invalidChoice);
  });
  const batches = await batchTrackingOn(tx);
  const stockLines = stock.map((line) => ({
    inventoryId: line.inventory,
    itemId: line.item,
    batchNumber: batches ? (line.batch_number ?? "").trim() : "",
    expireDate: batches ? (line.expire_date ?? null) : null,
    quantity: toDecimalString(line.quantity, QUANTITY_SCALE),
    cost: toDecimalString(line.cost),
  }));
  const keyed = stockLines.map((l) => ({ inventory: l.inventoryId, item: l.itemId, batch_number: l.batchNumber }));
  for (const i of repeatedLines(keyed, openingStockKey)) refuse(lineError("stock", i, "item"), MESSAGES.openingStockRepeated);
  if (Object.keys(errors).length) throw fieldErrors(errors);

  const rates = new Map<number, string>();
  const rateOf = async (currencyId: number) => {
    if (!rates.has(currencyId)) rates.set(currencyId, await cashboxRate(tx, currencyId));
    return rates.get(currencyId)!;
  };
  const money: CheckedOpening["money"] = [];
  for (const line of cashboxes) {
    const box = boxes.get(line.cashbox)!;
    const rate = await rateOf(box.currencyId);
    money.push({
      kind: "cashbox",
      cashboxId: box.id,
      currencyId: box.currencyId,
      exchangeRate: rate,
      amount: toDecimalString(line.amount),
    });
  }
  for (const line of customers) {
    const rate = await rateOf(line.currency);
    money.push({
      kind: "customer",
      customerId: line.customer,
      currencyId: line.currency,
      exchangeRate: rate,
      amount: toDecimalString(line.amount),
    });
  }
  for (const line of suppliers) {
    const rate = await rateOf(line.currency);
    money.push({
      kind: "supplier",
      supplierId: line.supplier,
      currencyId: line.currency,
      exchangeRate: rate,
      amount: toDecimalString(line.amount),
    });
  }
  return { branchId: input.branch, inputDate: input.input_date, note: input.note ?? "", money, stock: stockLines };
}

function postingOf(checked: CheckedOpening, baseCurrency: number): PostingLine[] {
  const ctx = (l: CheckedOpening["money"][number]) => ({ currency_id: l.currencyId, exchange_rate: l.exchangeRate, amount: l.amount });
  return postOpeningBalance({
    base_currency_id: baseCurrency,
    cashboxes: checked.money.filter((l) => l.kind === "cashbox").map((l) => ({ ...ctx(l), cashbox_id: l.cashboxId! })),
    customers: checked.money.filter((l) => l.kind === "customer").map((l) => ({ ...ctx(l), customer_id: l.customerId! })),
    suppliers: checked.money.filter((l) => l.kind === "supplier").map((l) => ({ ...ctx(l), supplier_id: l.supplierId! })),
    stock: checked.stock,
  });
}

/**
 * Writes the lines, moves stock by the difference from what the document held before (nothing for a new
 * one) and reposts the ledger. The stock rows are locked in id order by applyMovements, after the cashboxes.
 */
async function book(tx: Tx, id: number, checked: CheckedOpening, userId: number): Promise<void> {
  const held = await movedByStock(tx, id);
  const salePrices = await itemSalePrices(tx, [...new Set(checked.stock.map((l) => l.itemId))]);
  const wanted = new Map<number, string>();
  const stockRows = [];
  for (const line of checked.stock) {
    const stockId = await findOrCreateStock(
      tx,
      {
        branchId: checked.branchId,
        inventoryId: line.inventoryId,
        itemId: line.itemId,
        batchNumber: line.batchNumber,
        expireDate: line.expireDate,
      },
      { purchasePrice: line.cost, salePrice: salePrices.get(line.itemId) },
    );
    wanted.set(stockId, line.quantity);
    stockRows.push({ ...line, openingBalanceId: id, stockId, totalCost: openingStockValue(line.quantity, line.cost) });
  }
  const deltas = [...new Set([...held.keys(), ...wanted.keys()])]
    .map((stockId) => ({ stockId, quantity: toDecimalString(sub(wanted.get(stockId) ?? "0", held.get(stockId) ?? "0"), QUANTITY_SCALE) }))
    .filter((m) => !isZero(m.quantity));
  await applyMovements(tx, deltas, { documentType: OPENING_BALANCE, documentId: id, userId });
  for (const row of stockRows) await setStockCost(tx, row.stockId, row.cost);
  await writeOpeningLines(
    tx,
    id,
    checked.money.map((l) => ({ ...l, openingBalanceId: id })),
    stockRows,
  );
  await repost(
    tx,
    { branchId: checked.branchId, documentType: OPENING_BALANCE, documentId: id, entryDate: checked.inputDate, userId },
    await bookedLines(tx, OPENING_BALANCE, id),
    postingOf(checked, await baseCurrencyId(tx)),
  );
}

const requestedCashboxes = (payload: unknown): number[] => {
  const lines = (payload as { cashboxes?: unknown } | null)?.cashboxes;
  if (!Array.isArray(lines)) return [];
  return lines
    .map((l) => Number((l as { cashbox?: unknown } | null)?.cashbox))
    .filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
};

async function assertBranchFree(tx: Tx, branchId: number, exceptId: number | null): Promise<void> {
  if ((await otherOpeningBalance(tx, branchId, exceptId)) !== null) throw fieldErrors({ branch: [MESSAGES.openingBalanceExists] });
}

/** A new opening balance in the caller's (idempotent) transaction, numbered last. */
export async function createOpeningBalanceTx(tx: Tx, auth: AuthContext, payload: unknown, formToken: string | null): Promise<number> {
  const input = await validateBody(openingBalanceSchema, payload);
  const boxes = await lockCashboxes(
    tx,
    auth,
    input.cashboxes.map((l) => l.cashbox),
  );
  const checked = await checkOpening(tx, auth, input, boxes);
  await assertBranchFree(tx, checked.branchId, null);
  const id = await insertOpeningBalance(tx, { ...checked, formToken, userId: auth.userId });
  await book(tx, id, checked, auth.userId);
  await assignDocumentNumber(tx, OPENING_BALANCE, id, checked.branchId, OPENING_BALANCE);
  return id;
}

async function lockVisible(tx: Tx, auth: AuthContext, id: number): Promise<OpeningHeaderRow> {
  const row = await lockOpeningBalance(tx, id);
  if (!row || !auth.branchIds.includes(row.branch_id)) throw notFound();
  return row;
}

/** An edit: the whole document anew; cash it takes back out may not leave a cashbox below zero. */
export async function updateOpeningBalanceTx(tx: Tx, auth: AuthContext, id: number, payload: unknown): Promise<void> {
  const boxes = await lockCashboxes(tx, auth, [...(await storedCashboxes(tx, id)), ...requestedCashboxes(payload)]);
  const row = await lockVisible(tx, auth, id);
  const stamp = (payload as { updated_at?: unknown } | null)?.updated_at;
  if (typeof stamp === "string" && stamp !== "" && new Date(row.updated_at).getTime() !== new Date(stamp).getTime()) throw staleRecord();
  const input = await validateBody(openingBalanceSchema, payload);
  const checked = await checkOpening(tx, auth, input, boxes);
  if (checked.branchId !== row.branch_id) await assertBranchFree(tx, checked.branchId, id);
  const before = await balances(tx, boxes.values());
  await updateOpeningBalance(tx, id, checked);
  await book(tx, id, checked, auth.userId);
  await assertNotOverdrawn(tx, boxes.values(), before);
  await renumberIfMoved(tx, OPENING_BALANCE, id, { from: row.branch_id, to: checked.branchId }, OPENING_BALANCE);
}

/** A delete: its stock out (still there, or refused), its posting reversed, never a cashbox below zero. */
export async function deleteOpeningBalanceTx(tx: Tx, auth: AuthContext, id: number): Promise<void> {
  const boxes = await lockCashboxes(tx, auth, await storedCashboxes(tx, id));
  const row = await lockVisible(tx, auth, id);
  // A closed period says so first, before what its stock would answer.
  await assertPeriodsOpen(tx, [{ branchId: row.branch_id, date: row.input_date }]);
  const before = await balances(tx, boxes.values());
  const held = await movedByStock(tx, id);
  const out = [...held]
    .filter(([, q]) => !isZero(q))
    .map(([stockId, q]) => ({ stockId, quantity: toDecimalString(sub(0, q), QUANTITY_SCALE) }));
  await applyMovements(tx, out, { documentType: OPENING_BALANCE, documentId: id, userId: auth.userId });
  await repost(
    tx,
    { branchId: row.branch_id, documentType: OPENING_BALANCE, documentId: id, entryDate: row.input_date, userId: auth.userId },
    await bookedLines(tx, OPENING_BALANCE, id),
    [],
  );
  await assertNotOverdrawn(tx, boxes.values(), before);
  await deleteOpeningBalanceRow(tx, id);
}
