/**
 * `printReceipt(saleId | sale)`: the till receipt of a sale on this device's receipt printer, for the
 * counter (after Pay) and the sale's view (reprint). A sale given as a record prints offline, and so
 * does one the counter queued (`printQueuedReceipt`), marked provisional.
 */
import { msg } from "@lingui/core/macro";
import { api } from "../../lib/api-client";
import { appStore, cashboxesAtom, printInfosAtom } from "../../lib/app-state";
import { i18n } from "../../lib/i18n";
import { codedNumber } from "../../lib/use-document-number";
import { documentHeader, type PrintableDocument } from "../document/document-print-html";
import { receiptOf, type Receipt, type ReceiptMoney } from "../receipt/receipt";
import { printReceiptOnDevice } from "../receipt/receipt-print";
import { provisionalInvoiceOf } from "../../offline/commands";
import { provisionalToPrintable } from "./provisional-printable";
import { saleToPrintable, type SaleLabels, type SaleRecord } from "./sale-record";

/** What a cashbox took or gave back, as the sale answers it (each in its cashbox's currency). */
export interface SaleCashboxMove {
  cashbox: number;
  amount: string;
  currency_code?: string;
}

/** A sale with the payments of the counter, when it has them. */
export type ReceiptSale = SaleRecord & { payments?: SaleCashboxMove[] | null; change?: SaleCashboxMove | null };

function saleLabels(): SaleLabels {
  return {
    title: i18n._(msg`Sale Invoice`),
    customer: i18n._(msg`Customer`),
    inventory: i18n._(msg`Inventory`),
    currency: i18n._(msg`Currency`),
    paymentType: i18n._(msg`Payment Type`),
    cash: i18n._(msg`Cash`),
    debit: i18n._(msg`Debit`),
    cashbox: i18n._(msg`Cashbox`),
    exchangeRate: i18n._(msg`Exchange Rate`),
  };
}

const currencyOf = (move: SaleCashboxMove, fallback: string) =>
  move.currency_code ?? appStore.get(cashboxesAtom).find((c) => c.id === move.cashbox)?.currency_code ?? fallback;

/** The receipt of a printable sale (booked or provisional) with the header of its branch. */
export function receiptOfPrintable(doc: PrintableDocument, extras: Parameters<typeof receiptOf>[1] = {}): Receipt {
  const header = documentHeader(doc, appStore.get(printInfosAtom));
  return receiptOf({ ...doc, number: codedNumber(doc.branchId, doc.number), header }, extras);
}

/** The receipt of a booked sale record. */
export function receiptOfSale(sale: ReceiptSale): Receipt {
  const toMoney = (m: SaleCashboxMove): ReceiptMoney => ({ currency: currencyOf(m, sale.currency_code), amount: m.amount });
  return receiptOfPrintable(saleToPrintable(sale, saleLabels()), {
    payments: sale.payments?.length ? sale.payments.map(toMoney) : undefined,
    change: sale.change ? toMoney(sale.change) : null,
    customer: sale.customer_name || null,
  });
}

/** Prints the sale's receipt; an id is read from the server first. `drawer` kicks the cash drawer. */
export function printReceipt(sale: number | ReceiptSale, options: { drawer?: boolean } = {}): Promise<void> {
  const receipt =
    typeof sale === "number" ? api.get(`sale/${sale}/`).json<ReceiptSale>().then(receiptOfSale) : Promise.resolve(receiptOfSale(sale));
  return printReceiptOnDevice(receipt, options);
}

/** Prints the receipt of a sale still waiting on this device, marked provisional. */
export function printProvisionalReceipt(doc: PrintableDocument): Promise<void> {
  return printReceiptOnDevice(receiptOfPrintable(doc, { provisional: true }));
}

/** Prints the receipt of a sale this device queued (read from its outbox entry), marked provisional. */
export function printQueuedReceipt(entryId: number, options: { drawer?: boolean } = {}): Promise<void> {
  const receipt = provisionalInvoiceOf(entryId).then((invoice) => {
    if (!invoice) throw new Error(`the queued sale ${entryId} is no longer on this device`);
    return receiptOfPrintable(provisionalToPrintable(invoice, saleLabels(), i18n._(msg`Pending`)), { provisional: true });
  });
  return printReceiptOnDevice(receipt, options);
}
