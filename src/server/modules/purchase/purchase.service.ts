import { MESSAGES, interpolate } from "../../../core/messages";
import { greaterThan, mul, round, sub, sum, toDecimalString } from "../../../core/money";
import { invoiceStanding } from "../../../core/payment-status";
import { lineTotal, netTotal, paymentProblem, postPurchase, postSupplierCreditUse } from "../../../core/posting";
import { carriesQuantity } from "../../../core/item-types";
import { toIsoDate } from "../../../core/dates";
import { purchaseSchema, type PurchaseInput } from "../../../core/validation/purchase-schemas";
import type { Tx } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { badRequest, fieldErrors, notFound } from "../../http/errors";
import { invalidChoice, validateBody } from "../../http/resource";
import { bookedLines, repost, writePosting, type BookedLine } from "../ledger/ledger.repository";
import {
  releaseCreditNoteUses,
  useCreditNotes,
  usesCreditNotes,
  writeCreditNoteUses,
  type CreditNotesUsed,
} from "../documents/return-settlement";
import { addPurchasePaid } from "./purchase-return.repository";
import { assignDocumentNumber, renumberIfMoved, UNNUMBERED } from "../documents/document-number";
import { assertCashboxesUsable } from "../users/cashbox-rights";
import { baseCurrencyId, checkReferencedCashbox, readDocumentReferences, referencedRate } from "../documents/currency-context";
import { applyMovements, findOrCreateStock, reverseMovements } from "../stock/stock-ledger";
import {
  batchTrackingOn,
  deletePurchaseLines,
  deletePurchaseRow,
  hasReturns,
  insertPurchase,
  insertPurchaseLines,
  liveItems,
  lockPurchase,
  setStockPrices,
  updatePurchaseHeader,
  type PurchaseHeader,
  type PurchaseRow,
} from "./purchase.repository";
import { invoiceHasAllocations } from "../accounting/money-document.repository";
import { lockCashboxes } from "../accounting/cashbox.repository";
import { assertLocked, assertNotOverdrawn, balances, peekCashbox, requestedCashbox } from "../accounting/cashbox-guard";

export const PURCHASE_DOCUMENT = "purchase";

interface CheckedPurchase {
  header: PurchaseHeader;
  lines: (PurchaseInput["items"][number] & { total_price: string; batch_number: string; expire_date: string | null })[];
}

/** Every rule of a purchase body that needs the database (SPEC sections 4-5). */
async function checkPurchase(tx: Tx, input: PurchaseInput, auth: AuthContext): Promise<CheckedPurchase> {
  if (!auth.branchIds.includes(input.branch)) throw invalidChoice("branch");
  const references = await readDocumentReferences(tx, auth, {
    inventory: input.inventory,
    partner: { table: "supplier", id: input.supplier, branch: input.branch },
    currency: input.currency,
    cashbox: input.cashbox ?? null,
  });
  if (references.inventoryBranchId !== input.branch) throw invalidChoice("inventory");
  if (references.partnerBranchId !== input.branch) throw invalidChoice("supplier");
  const rate = referencedRate(references, input.exchange_rate);

  const items = await liveItems(tx, [...new Set(input.items.map((l) => l.item))]);
  const itemErrors: Record<string, string[]> = {};
  input.items.forEach((line, index) => {
    const found = items.get(line.item);
    if (!found || !carriesQuantity(found.itemType)) itemErrors[`items[${index}].item`] = [MESSAGES.invalidChoice];
  });
  if (Object.keys(itemErrors).length) throw fieldErrors(itemErrors);

  const batches = await batchTrackingOn(tx);
  const lines = input.items.map((line) => ({
    ...line,
    total_price: lineTotal(line.quantity, line.purchase_price),
    batch_number: batches ? (line.batch_number ?? "").trim() : "",
    expire_date: batches ? (line.expire_date ?? null) : null,
  }));
  const total = round(sum(lines.map((l) => l.total_price)));
  const discount = input.discount ?? "0";
  if (greaterThan(discount, total)) {
    throw fieldErrors({ discount: [interpolate(MESSAGES.lessThanOrEqual, { max: toDecimalString(total) })] });
  }
  const net = netTotal(total, discount);
  const paid = input.paid_amount ?? "0";
  const cashboxId = input.cashbox ?? null;
  const problem = paymentProblem(net, paid, cashboxId);
  if (problem === "Cashbox is required") throw fieldErrors({ cashbox: [MESSAGES.cashboxRequired] });
  if (problem === "paid_exceeds_total") {
    throw fieldErrors({ paid_amount: [interpolate(MESSAGES.lessThanOrEqual, { max: toDecimalString(net) })] });
  }
  if (cashboxId) checkReferencedCashbox(references, input.branch, input.currency);

  return {
    header: {
      branchId: input.branch,
      invoiceNo: UNNUMBERED,
      supplierId: input.supplier,
      inventoryId: input.inventory,
      currencyId: input.currency,
      exchangeRate: rate,
      paymentType: input.payment_type,
      cashboxId,
      paidAmount: toDecimalString(paid),
      discount: toDecimalString(discount),
      totalPrice: toDecimalString(total),
      supplierInvoiceNo: input.supplier_invoice_no ?? "",
      inputDate: input.input_date ?? toIsoDate(new Date()),
      note: input.note ?? "",
      createdBy: auth.userId,
    },
    lines,
  };
}

/** Stock in for every line (at its base-currency cost) and the posting, for a saved header. */
/** Books a stored purchase's lines, stock and posting; `booked` is what an edit reverses (the ledger's rows of it before). */
async function bookPurchase(
  tx: Tx,
  purchaseId: number,
  checked: CheckedPurchase,
  userId: number,
  booked: readonly BookedLine[] = [],
): Promise<void> {
  const { header, lines } = checked;
  const rows = [];
  for (const line of lines) {
    const baseCost = toDecimalString(round(mul(line.purchase_price, header.exchangeRate)));
    const stockId = await findOrCreateStock(
      tx,
      {
        branchId: header.branchId,
        inventoryId: header.inventoryId,
        itemId: line.item,
        batchNumber: line.batch_number,
        expireDate: line.expire_date,
      },
      { purchasePrice: baseCost, salePrice: line.sale_price },
    );
    await setStockPrices(tx, stockId, baseCost, line.sale_price);
    rows.push({
      purchaseId,
      itemId: line.item,
      stockId,
      quantity: line.quantity,
      purchasePrice: line.purchase_price,
      salePrice: line.sale_price,
      batchNumber: line.batch_number,
      expireDate: line.expire_date,
      totalPrice: line.total_price,
    });
  }
  await insertPurchaseLines(tx, rows);
  const source = { documentType: PURCHASE_DOCUMENT, documentId: purchaseId, userId };
  await applyMovements(
    tx,
    rows.map((r) => ({ stockId: r.stockId, quantity: r.quantity })),
    source,
  );
  await repost(
    tx,
    { branchId: header.branchId, documentType: PURCHASE_DOCUMENT, documentId: purchaseId, entryDate: header.inputDate, userId },
    booked,
    postPurchase({
      base_currency_id: await baseCurrencyId(tx),
      supplier_id: header.supplierId,
      cashbox_id: header.cashboxId ?? null,
      currency_id: header.currencyId,
      exchange_rate: header.exchangeRate,
      total_price: header.totalPrice,
      discount: header.discount ?? "0",
      paid_amount: header.paidAmount ?? "0",
    }),
  );
}

/**
 * Undoes a purchase's stock and lines (the stock check fails if what it brought in has gone meanwhile);
 * answers its posting as booked, which the edit's new posting or the delete reverses.
 */
async function unbookPurchase(tx: Tx, purchaseId: number, userId: number): Promise<BookedLine[]> {
  await reverseMovements(tx, { documentType: PURCHASE_DOCUMENT, documentId: purchaseId, userId });
  await deletePurchaseLines(tx, purchaseId);
  return bookedLines(tx, PURCHASE_DOCUMENT, purchaseId);
}

/**
 * The supplier's credit notes a new purchase uses: they pay part of it (its paid amount counts them, the
 * counter's cash stays the cashbox's), posted beside its own lines.
 */
async function bookCreditUses(
  tx: Tx,
  purchaseId: number,
  checked: CheckedPurchase,
  uses: readonly { credit_note: number; amount: string }[],
  { total: credited, spends }: CreditNotesUsed,
  userId: number,
): Promise<void> {
  if (!greaterThan(credited, 0)) return;
  const { header } = checked;
  await writeCreditNoteUses(tx, "purchase_return", "purchase", purchaseId, uses);
  await addPurchasePaid(tx, purchaseId, credited);
  await writePosting(
    tx,
    { branchId: header.branchId, documentType: PURCHASE_DOCUMENT, documentId: purchaseId, entryDate: header.inputDate, userId },
    postSupplierCreditUse(
      { currency_id: header.currencyId, exchange_rate: header.exchangeRate, base_currency_id: await baseCurrencyId(tx) },
      header.supplierId,
      spends,
    ),
  );
}

/** A purchase that is paid or has returns is final (SPEC section 4). */
async function assertChangeable(tx: Tx, row: PurchaseRow): Promise<void> {
  if (invoiceStanding(netTotal(row.totalPrice, row.discount), row.returnedAmount, row.paidAmount).status === "paid")
    throw badRequest(MESSAGES.paidCannotChange);
  if (await hasReturns(tx, row.id)) throw badRequest(MESSAGES.linkedCannotChange);
  if (await invoiceHasAllocations(tx, "payment", row.id)) throw badRequest(MESSAGES.linkedCannotChange);
}

/** Creates a purchase in the caller's transaction (the route's idempotent create, or the demo seed). */
export async function createPurchase(tx: Tx, payload: unknown, auth: AuthContext): Promise<number> {
  const input = await validateBody(purchaseSchema, payload);
  const checked = await checkPurchase(tx, input, auth);
  // What is paid at once never takes the cashbox below zero, checked with it locked (before the stock
  // rows: cashboxes come first in every document's lock order).
  const boxes = await lockCashboxes(tx, auth, checked.header.cashboxId ? [checked.header.cashboxId] : []);
  const before = await balances(tx, boxes.values());
  const credited = await useCreditNotes(
    tx,
    auth,
    "purchase_return",
    { documentType: "purchase", documentId: null, partyId: input.supplier, currencyId: input.currency },
    input.credit_notes ?? [],
  );
  const left = sub(netTotal(checked.header.totalPrice, checked.header.discount ?? "0"), checked.header.paidAmount ?? "0");
  if (greaterThan(credited.total, left))
    throw fieldErrors({ credit_notes: [interpolate(MESSAGES.lessThanOrEqual, { max: toDecimalString(left) })] });
  const id = await insertPurchase(tx, checked.header);
  await bookPurchase(tx, id, checked, auth.userId);
  await bookCreditUses(tx, id, checked, input.credit_notes ?? [], credited, auth.userId);
  await assertNotOverdrawn(tx, boxes.values(), before);
  // Last: the branch's counter stays locked until commit (assignDocumentNumber).
  await assignDocumentNumber(tx, "purchase", id, input.branch, PURCHASE_DOCUMENT);
  return id;
}

/** Edit of an unpaid purchase without returns: the old stock and posting out, the new ones in. */
export async function updatePurchase(tx: Tx, id: number, payload: unknown, auth: AuthContext): Promise<void> {
  // The cashbox that pays after the edit may not go below zero: it (and the one that paid before) is
  // locked before the purchase, as every document locks cashboxes first.
  const named = [await peekCashbox(tx, "purchase", id), requestedCashbox(payload)].filter((c): c is number => c !== null);
  const boxes = await lockCashboxes(tx, auth, named);
  const current = await lockPurchase(tx, id);
  if (!current || !auth.branchIds.includes(current.branchId)) throw notFound();
  assertLocked(named, current.cashboxId);
  await assertChangeable(tx, current);
  // Its paid amount counts credit notes its posting would not redo: such a purchase is only deleted.
  if (await usesCreditNotes(tx, PURCHASE_DOCUMENT, id)) throw badRequest(MESSAGES.linkedCannotChange);
  await assertCashboxesUsable(tx, auth, [current.cashboxId]);
  const before = await balances(tx, boxes.values());
  const input = await validateBody(purchaseSchema, payload);
  const checked = await checkPurchase(tx, input, auth);
  assertLocked(named, checked.header.cashboxId);
  checked.header.invoiceNo = current.invoiceNo;
  const booked = await unbookPurchase(tx, id, auth.userId);
  await updatePurchaseHeader(tx, id, checked.header);
  await bookPurchase(tx, id, checked, auth.userId, booked);
  await assertNotOverdrawn(tx, boxes.values(), before);
  await renumberIfMoved(tx, "purchase", id, { from: current.branchId, to: input.branch }, PURCHASE_DOCUMENT);
}

export async function deletePurchase(tx: Tx, id: number, auth: AuthContext): Promise<void> {
  const current = await lockPurchase(tx, id);
  if (!current || !auth.branchIds.includes(current.branchId)) throw notFound();
  await assertChangeable(tx, current);
  await assertCashboxesUsable(tx, auth, [current.cashboxId]);
  const booked = await unbookPurchase(tx, id, auth.userId);
  await repost(
    tx,
    { branchId: current.branchId, documentType: PURCHASE_DOCUMENT, documentId: id, entryDate: current.inputDate, userId: auth.userId },
    booked,
    [],
  );
  await releaseCreditNoteUses(tx, PURCHASE_DOCUMENT, id);
  await deletePurchaseRow(tx, id);
}
