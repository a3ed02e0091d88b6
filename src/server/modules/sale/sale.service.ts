import { sql } from "drizzle-orm";
import { MESSAGES, interpolate } from "../../../core/messages";
import { carriesQuantity, ITEM_TYPES } from "../../../core/item-types";
import { add, greaterThan, isZero, lessThan, mul, sub, sum, toDecimalString, type MoneyInput } from "../../../core/money";
import { invoiceStanding, settledPaymentType } from "../../../core/payment-status";
import {
  netTotal,
  paymentProblem,
  postCustomerCreditUse,
  postSale,
  postSaleTenders,
  saleLineTotals,
  type PostingLine,
} from "../../../core/posting";
import type { SaleExtraInput, SaleInput } from "../../../core/validation/sale-schemas";
import type { Db, Executor, Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors } from "../../http/errors";
import { invalidChoice, readOne } from "../../http/resource";
import { bookedLines, postingInsert, repost } from "../ledger/ledger.repository";
import { assertPeriodsOpen } from "../ledger/period-lock.repository";
import { baseCurrencyId, checkReferencedCashbox } from "../documents/currency-context";
import { assignDocumentNumber, UNNUMBERED } from "../documents/document-number";
import { applyMovements, reverseMovements, type Movement } from "../stock/stock-ledger";
import * as repo from "./sale.repository";
import { saleList } from "./sale.lists";
import { invoiceHasAllocations } from "../accounting/money-document.repository";
import { assertCashboxesUsable } from "../users/cashbox-rights";
import { lockCashboxes } from "../accounting/cashbox.repository";
import { assertLocked, assertNotOverdrawn, balances, requestedCashbox } from "../accounting/cashbox-guard";
import {
  counterPaymentRows,
  paidAtCounter,
  requestedCounterCashboxes,
  settleCounterPayment,
  storedCounterPayment,
  type CounterPayment,
} from "./sale-counter-payment";
import { releaseCreditNoteUses, useCreditNotes, usesCreditNotes, writeCreditNoteUses } from "../documents/return-settlement";
import { SALE_DOC, today, checkHeader, visibleOr404, assertFresh, type CheckedHeader, type Validate } from "./sale-document";

/**
 * The rules of a sale (SPEC sections 2-5, DESIGN section 3): it takes stock (a movement per line) and
 * posts to the ledger in one transaction; a paid sale or one with returns cannot change; extra material
 * can be added to it. Creates run inside the caller's idempotent transaction (the route's
 * idempotentCreate); edits and deletes open their own.
 */

// A document and its lines in one statement: the lines are a JSON column of the header's read.
export const readSale = (ex: Executor, id: number, auth: AuthContext) =>
  readOne<Record<string, unknown>>(
    ex,
    saleList,
    sql`s.id`,
    id,
    auth,
    sql`${repo.saleLinesJson(sql`s.id`)} as items, ${repo.salePaymentsJson(sql`s.id`)}`,
  );

// ---------------------------------------------------------------------------------------- sale lines

interface BuiltLine {
  stockId: number | null;
  itemId: number;
  quantity: string;
  price: string;
  fee: string;
  discount: string;
  netPrice: string;
  totalPrice: string;
  costPrice: string;
  /** Takes stock (not a service). */
  moves: boolean;
}

interface LineInput {
  stock?: number | null;
  item?: number | null;
  quantity?: string | null;
  price: string;
  fee?: string | null;
  discount?: string | null;
}

/**
 * Checks the lines against the inventory's stock (locked and read in this transaction, so an edit
 * sees the quantities its own reversal gave back) and prices them. applyMovements' own check stays
 * the authoritative one; this one gives the form's messages.
 */
async function buildLines(
  tx: Tx,
  inventoryId: number,
  items: readonly LineInput[],
  options: { onlyMaterial?: boolean } = {},
): Promise<BuiltLine[]> {
  const stockIds = items.map((l) => l.stock).filter((id): id is number => id != null);
  const stocks = await repo.findStockRows(tx, stockIds, { lock: true });
  const itemTypes = await repo.findItemTypes(
    tx,
    items.filter((l) => l.stock == null && l.item != null).map((l) => l.item as number),
  );
  const seen = new Set<number>();
  return items.map((line, i) => {
    let itemId: number;
    let itemType: number;
    let row: repo.StockRow | undefined;
    if (line.stock != null) {
      if (seen.has(line.stock)) throw badRequest(MESSAGES.itemAlreadyInList);
      seen.add(line.stock);
      row = stocks.get(line.stock);
      if (!row || row.inventory_id !== inventoryId) throw invalidChoice(`items[${i}].stock`);
      itemId = row.item_id;
      itemType = row.item_type;
    } else {
      const type = itemTypes.get(line.item as number);
      if (type === undefined) throw invalidChoice(`items[${i}].item`);
      // Only a service may come without a stock row.
      if (carriesQuantity(type)) throw fieldErrors({ [`items[${i}].stock`]: [MESSAGES.required] });
      itemId = line.item as number;
      itemType = type;
    }
    if (options.onlyMaterial && itemType !== ITEM_TYPES.MATERIAL) throw badRequest(MESSAGES.onlyMaterial);
    const moves = carriesQuantity(itemType);
    const quantity = moves ? line.quantity : "1";
    if (quantity == null) throw fieldErrors({ [`items[${i}].quantity`]: [MESSAGES.required] });
    if (moves && row) {
      if (isZero(row.quantity)) throw badRequest(MESSAGES.cannotSellZeroQuantity);
      if (greaterThan(quantity, row.quantity)) throw badRequest(MESSAGES.quantityAboveStock);
    }
    const fee = line.fee ?? "0";
    const discount = line.discount ?? "0";
    const totals = saleLineTotals({ quantity, price: line.price, fee, discount });
    if (lessThan(totals.net_price, 0))
      throw fieldErrors({
        [`items[${i}].discount`]: [interpolate(MESSAGES.lessThanOrEqual, { max: toDecimalString(add(line.price, fee)) })],
      });
    return {
      stockId: line.stock ?? null,
      itemId,
      quantity,
      price: line.price,
      fee,
      discount,
      netPrice: totals.net_price,
      totalPrice: totals.total_price,
      costPrice: moves && row ? row.purchase_price : "0",
      moves,
    };
  });
}

const outMovements = (lines: readonly { stockId: number | null; quantity: string; moves?: boolean }[]): Movement[] =>
  lines
    .filter((l) => l.stockId != null && l.moves !== false)
    .map((l) => ({ stockId: l.stockId as number, quantity: toDecimalString(mul(l.quantity, -1), 3) }));

// ------------------------------------------------------------------------------------------- posting

interface SaleMoney {
  branchId: number;
  customerId: number;
  currencyId: number;
  exchangeRate: string;
  cashboxId: number | null;
  discount: string;
  paidAmount: string;
  inputDate: string;
}

/**
 * A sale's posting from its lines: revenue, the customer's debt, cash received, cost of goods. Paid at
 * the counter in several currencies, the cash received is its tenders and change instead.
 */
function salePosting(
  money: SaleMoney,
  items: readonly { totalPrice: string; costPrice: string; quantity: string }[],
  baseCurrency: number,
  counter: CounterPayment | null = null,
): PostingLine[] {
  const ctx = { currency_id: money.currencyId, exchange_rate: money.exchangeRate };
  return [
    ...postSale({
      ...ctx,
      customer_id: money.customerId,
      cashbox_id: counter ? null : money.cashboxId,
      total_price: toDecimalString(sum(items.map((l) => l.totalPrice))),
      discount: money.discount,
      paid_amount: counter ? "0" : money.paidAmount,
      cost_total: toDecimalString(sum(items.map((l) => mul(l.costPrice, l.quantity)))),
      base_currency_id: baseCurrency,
    }),
    ...(counter ? postSaleTenders({ ...ctx, customer_id: money.customerId }, counter.tenders, counter.change, counter.kept) : []),
  ];
}

const postingSource = (money: SaleMoney, userId: number) => ({
  branchId: money.branchId,
  documentType: SALE_DOC,
  entryDate: money.inputDate,
  userId,
});

/** Re-posts a stored sale from its stored lines (after an edit or extra material); answers the new total. */
async function repostSale(tx: Tx, saleId: number, money: SaleMoney, userId: number): Promise<string> {
  const items = await repo.saleItems(tx, saleId);
  const counter = storedCounterPayment(await repo.salePayments(tx, saleId), money.paidAmount);
  await repost(
    tx,
    { ...postingSource(money, userId), documentId: saleId },
    await bookedLines(tx, SALE_DOC, saleId),
    salePosting(money, items, await baseCurrencyId(tx), counter),
  );
  return toDecimalString(sum(items.map((l) => l.totalPrice)));
}

/** Discount within the total; paid within the net, from a cashbox of the branch in the sale's currency (a cash sale names one). */
function checkPayment(
  header: CheckedHeader,
  total: MoneyInput,
  discount: string,
  paid: string,
  cashboxId: number | null,
  paymentType: SaleInput["payment_type"],
) {
  if (greaterThan(discount, total)) {
    throw fieldErrors({ discount: [interpolate(MESSAGES.lessThanOrEqual, { max: toDecimalString(total) })] });
  }
  const net = netTotal(total, discount);
  const problem = paymentProblem(net, paid, cashboxId, paymentType);
  if (problem === "Cashbox is required") throw fieldErrors({ cashbox: [MESSAGES.cashboxRequired] });
  if (problem === "paid_exceeds_total")
    throw fieldErrors({ paid_amount: [interpolate(MESSAGES.lessThanOrEqual, { max: toDecimalString(net) })] });
  if (cashboxId) checkReferencedCashbox(header.references, header.branchId, header.currencyId);
}

/** The credit notes a sale uses pay what the counter's cash leaves of its net, no more. */
function checkCredited(total: MoneyInput, discount: string, paid: string, credited: string) {
  const left = sub(netTotal(total, discount), paid);
  if (greaterThan(credited, left))
    throw fieldErrors({ credit_notes: [interpolate(MESSAGES.lessThanOrEqual, { max: toDecimalString(left) })] });
}

/** The counter's tenders and change checked against the sale's net total (discount within the total first). */
async function counterPayment(
  tx: Tx,
  header: CheckedHeader,
  boxes: Awaited<ReturnType<typeof lockCashboxes>>,
  body: SaleInput,
  total: MoneyInput,
): Promise<CounterPayment> {
  if (greaterThan(body.discount, total)) {
    throw fieldErrors({ discount: [interpolate(MESSAGES.lessThanOrEqual, { max: toDecimalString(total) })] });
  }
  return settleCounterPayment(tx, header, boxes, body, netTotal(total, body.discount));
}

function premiumColumns(body: SaleInput) {
  if (!body.is_premium) {
    return { isPremium: false, monthsCount: null, premiumReceiptAmount: null, receiptFrequency: null, nextReceiptDate: null };
  }
  return {
    isPremium: true,
    monthsCount: body.months_count ?? null,
    premiumReceiptAmount: body.premium_receipt_amount ?? null,
    receiptFrequency: body.receipt_frequency ?? null,
    nextReceiptDate: body.next_receipt_date ?? null,
  };
}

function lineRows(lines: readonly BuiltLine[], isExtra: boolean) {
  return lines.map((l) => ({
    stockId: l.stockId,
    itemId: l.itemId,
    quantity: l.quantity,
    price: l.price,
    fee: l.fee,
    discount: l.discount,
    netPrice: l.netPrice,
    totalPrice: l.totalPrice,
    costPrice: l.costPrice,
    isExtra,
  }));
}

/** Books a sale in the caller's transaction, still unnumbered: lines, stock out, posting. */
export async function bookSale(
  tx: Tx,
  auth: AuthContext,
  body: SaleInput,
  formToken: string | null,
): Promise<{ id: number; branchId: number }> {
  // Change comes out of a cashbox: the counter's cashboxes are locked first (cashboxes come first in every lock order).
  const counterBoxes = paidAtCounter(body) ? await lockCashboxes(tx, auth, requestedCounterCashboxes(body)) : null;
  const before = counterBoxes ? await balances(tx, counterBoxes.values()) : null;
  const header = await checkHeader(tx, auth, { ...body, cashbox: counterBoxes ? null : body.cashbox });
  // Credit notes (their returns) are locked before the stock, the order a return's edit keeps.
  const creditUses = body.credit_notes ?? [];
  const { total: credited, spends: creditSpends } = await useCreditNotes(
    tx,
    auth,
    "sale_return",
    { documentType: "sale", documentId: null, partyId: header.customerId, currencyId: header.currencyId },
    creditUses,
  );
  const lines = await buildLines(tx, header.inventoryId, body.items);
  const total = toDecimalString(sum(lines.map((l) => l.totalPrice)));
  const counter = counterBoxes ? await counterPayment(tx, header, counterBoxes, body, total) : null;
  const cashboxId = counter ? counter.cashboxId : (body.cashbox ?? null);
  const paidAmount = counter ? counter.paid : body.paid_amount;
  if (!counter) checkPayment(header, total, body.discount, paidAmount, cashboxId, body.payment_type);
  checkCredited(total, body.discount, paidAmount, credited);
  const inputDate = body.input_date ?? today();
  // The sale's posting goes in with its insert (postingInsert), so the period is checked here.
  await assertPeriodsOpen(tx, [{ branchId: header.branchId, date: inputDate }]);
  const money: SaleMoney = { ...header, cashboxId, discount: body.discount, paidAmount, inputDate };
  const posting = [
    ...salePosting(money, lines, header.references.baseCurrencyId, counter),
    ...postCustomerCreditUse(
      { currency_id: header.currencyId, exchange_rate: header.exchangeRate, base_currency_id: header.references.baseCurrencyId },
      header.customerId,
      creditSpends,
    ),
  ];
  const values = {
    branchId: header.branchId,
    invoiceNo: UNNUMBERED,
    customerId: header.customerId,
    inventoryId: header.inventoryId,
    currencyId: header.currencyId,
    exchangeRate: header.exchangeRate,
    paymentType: settledPaymentType(netTotal(total, body.discount), add(paidAmount, credited)),
    cashboxId,
    // What it took: the counter's cash and the credit notes it used.
    paidAmount: toDecimalString(add(paidAmount, credited)),
    discount: body.discount,
    totalPrice: total,
    inputDate,
    note: body.note ?? "",
    formToken,
    ...premiumColumns(body),
    guarantorName: body.guarantor_name ?? "",
    guarantorPhone: body.guarantor_phone ?? "",
    guarantorAddress: body.guarantor_address ?? "",
    createdBy: auth.userId,
  };
  const id = await repo.insertSaleWithLines(
    tx,
    values,
    lineRows(lines, false),
    posting.length ? (saleId) => postingInsert(postingSource(money, auth.userId), saleId, posting) : null,
  );
  await applyMovements(tx, outMovements(lines), { documentType: SALE_DOC, documentId: id, userId: auth.userId }, { rowsLocked: true });
  await writeCreditNoteUses(tx, "sale_return", "sale", id, creditUses);
  if (counter && counterBoxes && before) {
    await repo.insertSalePayments(tx, id, counterPaymentRows(counter));
    await assertNotOverdrawn(tx, counterBoxes.values(), before);
  }
  return { id, branchId: header.branchId };
}

/**
 * Reads a booked sale back and numbers it, last: the branch's counter stays locked until commit
 * (assignDocumentNumber), so only the caller's record of the answer and the commit wait behind it.
 */
export async function numberedSale(
  tx: Tx,
  auth: AuthContext,
  booked: { id: number; branchId: number },
): Promise<Record<string, unknown> & { id: number; invoice_no: number }> {
  const sale = await readSale(tx, booked.id, auth);
  return { ...sale, id: booked.id, invoice_no: await assignDocumentNumber(tx, "sale", booked.id, booked.branchId, SALE_DOC) };
}

/** Books a sale in the caller's (idempotent) transaction; answers it as stored, with its number. */
export async function createSaleTx(tx: Tx, auth: AuthContext, body: SaleInput, formToken: string | null) {
  return numberedSale(tx, auth, await bookSale(tx, auth, body, formToken));
}

const lockVisibleSale = async (tx: Tx, auth: AuthContext, id: number) => visibleOr404(await repo.lockSale(tx, id), auth);

/**
 * For an edit or delete: the cashbox that took the sale's counter payment, locked before the sale, and
 * its balance then. Undoing the payment takes that money back out, which may not overdraw what was spent
 * since ("Cashbox balance is not enough"); the cashbox an edit names instead only takes money in.
 */
async function lockSaleAndItsCashbox(tx: Tx, auth: AuthContext, id: number, payload: unknown = null) {
  // Its own cashboxes (a counter payment names several) and those an edit pays into or gives change from.
  const asked = await repo.saleCashboxIds(tx, id);
  const named = [requestedCashbox(payload), ...requestedCounterCashboxes(payload)].filter((c): c is number => c !== null);
  const boxes = await lockCashboxes(tx, auth, [...asked, ...named]);
  const row = await lockVisibleSale(tx, auth, id);
  assertLocked(asked, row.cashboxId);
  return { row, boxes, before: await balances(tx, boxes.values()) };
}

/** SPEC section 4: a paid sale cannot be updated, added to or deleted; one with returns cannot change. */
async function assertSaleChangeable(tx: Tx, row: repo.SaleRow) {
  if (invoiceStanding(netTotal(row.totalPrice, row.discount), row.returnedAmount, row.paidAmount).status === "paid")
    throw badRequest(MESSAGES.paidCannotChange);
  if (await repo.saleHasReturns(tx, row.id)) throw badRequest(MESSAGES.linkedCannotChange);
  if (await invoiceHasAllocations(tx, "receipt", row.id)) throw badRequest(MESSAGES.linkedCannotChange);
}

/** A sale paid in part with credit notes is not re-posted (an edit, extra material); its delete gives them back. */
async function assertNoCreditUses(tx: Tx, row: repo.SaleRow) {
  if (await usesCreditNotes(tx, SALE_DOC, row.id)) throw badRequest(MESSAGES.linkedCannotChange);
}

/** Edit of an unpaid sale without returns: stock and posting undone and redone, in one transaction. */
export async function updateSale(db: Db, auth: AuthContext, id: number, payload: Record<string, unknown>, validate: Validate<SaleInput>) {
  return db.transaction(async (tx) => {
    const { row, boxes, before } = await lockSaleAndItsCashbox(tx, auth, id, payload);
    assertFresh(row, payload.updated_at);
    await assertSaleChangeable(tx, row);
    await assertNoCreditUses(tx, row);
    await assertCashboxesUsable(tx, auth, await repo.saleCashboxIds(tx, id));
    // The branch (and with it the invoice number) stays the sale's; extra material stays as it is.
    const items = Array.isArray(payload.items)
      ? payload.items.filter((l: unknown) => !(l && typeof l === "object" && (l as { is_extra?: unknown }).is_extra === true))
      : payload.items;
    const body = await validate({ ...payload, items, branch: row.branchId });
    const source = { documentType: SALE_DOC, documentId: id, userId: auth.userId };
    await reverseMovements(tx, source);
    const extras = (await repo.saleItems(tx, id)).filter((l) => l.isExtra);
    if (extras.length && body.inventory !== row.inventoryId) throw invalidChoice("inventory");
    await repo.deleteRegularSaleItems(tx, id);
    const atCounter = paidAtCounter(body);
    const header = await checkHeader(tx, auth, { ...body, cashbox: atCounter ? null : body.cashbox });
    const lines = await buildLines(tx, header.inventoryId, body.items);
    const total = sum([...lines.map((l) => l.totalPrice), ...extras.map((l) => l.totalPrice)]);
    const counter = atCounter ? await counterPayment(tx, header, boxes, body, total) : null;
    const cashboxId = counter ? counter.cashboxId : (body.cashbox ?? null);
    const paidAmount = counter ? counter.paid : body.paid_amount;
    if (!counter) checkPayment(header, total, body.discount, paidAmount, cashboxId, body.payment_type);
    const inputDate = body.input_date ?? row.inputDate;
    await repo.updateSale(tx, id, {
      customerId: header.customerId,
      inventoryId: header.inventoryId,
      currencyId: header.currencyId,
      exchangeRate: header.exchangeRate,
      paymentType: settledPaymentType(netTotal(total, body.discount), paidAmount),
      cashboxId,
      paidAmount,
      discount: body.discount,
      totalPrice: toDecimalString(total),
      inputDate,
      note: body.note ?? "",
      ...premiumColumns(body),
      guarantorName: body.guarantor_name ?? "",
      guarantorPhone: body.guarantor_phone ?? "",
      guarantorAddress: body.guarantor_address ?? "",
    });
    await repo.insertSaleItems(tx, id, lineRows(lines, false));
    await repo.deleteSalePayments(tx, id);
    if (counter) await repo.insertSalePayments(tx, id, counterPaymentRows(counter));
    await applyMovements(
      tx,
      [...outMovements(lines), ...outMovements(extras.map((l) => ({ stockId: l.stockId, quantity: l.quantity })))],
      source,
    );
    await repostSale(tx, id, { ...header, cashboxId, discount: body.discount, paidAmount, inputDate }, auth.userId);
    await assertNotOverdrawn(tx, boxes.values(), before);
    return readSale(tx, id, auth);
  });
}

export async function deleteSale(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { row, boxes, before } = await lockSaleAndItsCashbox(tx, auth, id);
    await assertSaleChangeable(tx, row);
    await assertCashboxesUsable(tx, auth, await repo.saleCashboxIds(tx, id));
    await reverseMovements(tx, { documentType: SALE_DOC, documentId: id, userId: auth.userId });
    await repost(
      tx,
      { branchId: row.branchId, documentType: SALE_DOC, documentId: id, entryDate: row.inputDate, userId: auth.userId },
      await bookedLines(tx, SALE_DOC, id),
      [],
    );
    await assertNotOverdrawn(tx, boxes.values(), before);
    await releaseCreditNoteUses(tx, SALE_DOC, id);
    await repo.deleteSale(tx, id);
  });
}

/** Extra material added to a sale (only material items): lines, stock out, the sale re-posted. */
export async function addSaleExtraTx(tx: Tx, auth: AuthContext, id: number, body: SaleExtraInput): Promise<void> {
  const row = await lockVisibleSale(tx, auth, id);
  await assertSaleChangeable(tx, row);
  await assertNoCreditUses(tx, row);
  const lines = await buildLines(tx, row.inventoryId, body.items, { onlyMaterial: true });
  await repo.insertSaleItems(tx, id, lineRows(lines, true));
  await applyMovements(tx, outMovements(lines), { documentType: SALE_DOC, documentId: id, userId: auth.userId }, { rowsLocked: true });
  const money: SaleMoney = {
    branchId: row.branchId,
    customerId: row.customerId,
    currencyId: row.currencyId,
    exchangeRate: row.exchangeRate,
    cashboxId: row.cashboxId,
    discount: row.discount,
    paidAmount: row.paidAmount,
    inputDate: row.inputDate,
  };
  const total = await repostSale(tx, id, money, auth.userId);
  await repo.updateSale(tx, id, { totalPrice: total });
}
