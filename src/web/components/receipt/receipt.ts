/**
 * The till receipt of a sale: an 80 mm or 58 mm roll. Pure: the receipt is built from the document's
 * printable form (from the server's record or the device's provisional invoice alike) and written as
 * the HTML the browser's print dialog takes; the ESC/POS path draws the same rows on a canvas.
 */
import { amountInWords } from "../../../core/number-to-words";
import { formatAmount, isPositive, tryMoney } from "../../../core/money";
import { lineAmounts } from "../document/document-lines";
import type { PrintableDocument } from "../document/document-print-html";
import { escapeHtml, type BranchPrintHeader } from "../print/print-html";

export type PaperWidth = 80 | 58;

/** What was handed over or given back, in one currency. */
export interface ReceiptMoney {
  currency: string;
  amount: string;
}

export interface Receipt {
  header: BranchPrintHeader | null;
  title: string;
  number: string;
  /** A receipt printed before the sale synced: its number is the device's, not the server's. */
  provisional: boolean;
  date: string;
  customer: string | null;
  currency: string;
  lines: { name: string; quantity: string; price: string; total: string }[];
  total: string;
  discount: string;
  net: string;
  paid: string;
  remaining: string;
  payments: ReceiptMoney[];
  change: ReceiptMoney | null;
  /** The net amount in Kurdish words. */
  words: string;
}

export interface ReceiptLabels {
  number: string;
  provisional: string;
  date: string;
  customer: string;
  total: string;
  discount: string;
  net: string;
  paid: string;
  change: string;
  remaining: string;
  thanks: string;
}

const money = (v: string) => formatAmount(tryMoney(v) ?? 0);
const quantity = (v: string) => (tryMoney(v) ?? 0).toString();

export interface ReceiptExtras {
  /** Each currency paid; without them, the paid amount in the sale's currency. */
  payments?: readonly ReceiptMoney[];
  change?: ReceiptMoney | null;
  provisional?: boolean;
  customer?: string | null;
}

/** The receipt of a printable sale. */
export function receiptOf(doc: PrintableDocument, extras: ReceiptExtras = {}): Receipt {
  const paidInSaleCurrency = isPositive(tryMoney(doc.totals.paid) ?? 0) ? [{ currency: doc.currencyCode, amount: doc.totals.paid }] : [];
  const payments = (extras.payments ?? paidInSaleCurrency).filter((p) => isPositive(tryMoney(p.amount) ?? 0));
  const change = extras.change && isPositive(tryMoney(extras.change.amount) ?? 0) ? extras.change : null;
  return {
    header: doc.header ?? null,
    title: doc.title,
    number: doc.number,
    provisional: extras.provisional ?? false,
    date: doc.date,
    customer: extras.customer ?? null,
    currency: doc.currencyCode,
    lines: doc.lines.map((l) => {
      const amounts = lineAmounts(l);
      return { name: l.name, quantity: quantity(l.quantity), price: money(amounts.net_price), total: money(amounts.total_price) };
    }),
    total: money(doc.totals.total),
    discount: money(doc.totals.discount),
    net: money(doc.totals.net),
    paid: money(doc.totals.paid),
    remaining: money(doc.totals.remaining),
    payments: payments.map((p) => ({ currency: p.currency, amount: money(p.amount) })),
    change: change ? { currency: change.currency, amount: money(change.amount) } : null,
    words: amountInWords(doc.totals.net, doc.currencyCode),
  };
}

/** The text a receipt's QR code holds: its number, as a scanner at the counter reads it back. */
export const receiptQrText = (receipt: Pick<Receipt, "number">) => receipt.number;

/** The label and value rows under the lines, shared by the HTML and the canvas. */
export function receiptTotalRows(receipt: Receipt, labels: ReceiptLabels): { label: string; value: string; strong?: boolean }[] {
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: labels.total, value: `${receipt.total} ${receipt.currency}` },
  ];
  if (receipt.discount !== money("0")) rows.push({ label: labels.discount, value: `${receipt.discount} ${receipt.currency}` });
  rows.push({ label: labels.net, value: `${receipt.net} ${receipt.currency}`, strong: true });
  for (const p of receipt.payments) rows.push({ label: labels.paid, value: `${p.amount} ${p.currency}` });
  if (receipt.change) rows.push({ label: labels.change, value: `${receipt.change.amount} ${receipt.change.currency}` });
  if (receipt.remaining !== money("0")) rows.push({ label: labels.remaining, value: `${receipt.remaining} ${receipt.currency}` });
  return rows;
}

/**
 * A page as wide as the roll and `heightMm` long. CSS has no "as long as the content" page (`80mm auto`
 * is not valid and browsers drop it), so the print sets the receipt's measured length (fitPageToReceipt),
 * over an A4-long page first.
 */
export const pageRule = (paper: PaperWidth, heightMm = 297) => `@page { size: ${paper}mm ${heightMm}mm; margin: 0; }`;

/** Makes the popup's page as long as the receipt it holds, so a roll printer cuts right after it. */
export function fitPageToReceipt(doc: Document, paper: PaperWidth): void {
  const heightMm = Math.ceil((doc.documentElement.scrollHeight * 25.4) / 96) + 4;
  const style = doc.createElement("style");
  style.textContent = pageRule(paper, heightMm);
  doc.head.append(style);
}

export const RECEIPT_CSS = (paper: PaperWidth) => `
${pageRule(paper)}
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { width: ${paper}mm; padding: 2mm ${paper === 80 ? 4 : 2}mm; font-family: Roboto, Arial, sans-serif; font-size: ${paper === 80 ? 12 : 10}px; color: #000; }
.r-center { text-align: center; }
.r-logo { max-width: 60%; max-height: 20mm; }
.r-branch { font-size: 1.3em; font-weight: bold; }
.r-rule { border-top: 1px dashed #000; margin: 2mm 0; }
.r-lines, .r-totals { width: 100%; border-collapse: collapse; }
.r-lines td, .r-totals td, .r-totals th { padding: 0.5mm 0; vertical-align: top; text-align: start; font-weight: normal; }
.r-lines .r-num, .r-totals .r-num { text-align: end; white-space: nowrap; }
.r-detail { color: #333; font-size: 0.9em; }
.r-strong { font-weight: bold; font-size: 1.15em; }
.r-words { margin-top: 1mm; }
.r-qr svg { width: ${paper === 80 ? 28 : 22}mm; height: auto; }
.r-provisional { font-weight: bold; border: 1px solid #000; padding: 1mm; margin: 1mm 0; }
`;

/** The receipt as a whole HTML page for the print dialog; `qrSvg` is the QR code of the number, drawn already. */
export function receiptHtml(
  receipt: Receipt,
  labels: ReceiptLabels,
  options: { paper: PaperWidth; qrSvg: string; dir: "ltr" | "rtl"; lang: string; logoUrl?: string },
): string {
  const h = receipt.header;
  const head = [
    options.logoUrl ? `<img class="r-logo" src="${escapeHtml(options.logoUrl)}" alt="" />` : "",
    h?.name ? `<div class="r-branch">${escapeHtml(h.name)}</div>` : "",
    h?.description ? `<div>${escapeHtml(h.description)}</div>` : "",
    h?.address ? `<div>${escapeHtml(h.address)}</div>` : "",
    h?.phone ? `<div>${escapeHtml(h.phone)}</div>` : "",
  ].join("");
  const meta =
    `<div><b>${escapeHtml(receipt.title)}</b></div>` +
    `<div data-testid="receipt-number">${escapeHtml(labels.number)}: ${escapeHtml(receipt.number)}</div>` +
    (receipt.provisional ? `<div class="r-provisional">${escapeHtml(labels.provisional)}</div>` : "") +
    `<div>${escapeHtml(labels.date)}: ${escapeHtml(receipt.date)}</div>` +
    (receipt.customer ? `<div>${escapeHtml(labels.customer)}: ${escapeHtml(receipt.customer)}</div>` : "");
  const lines = receipt.lines
    .map(
      (l) =>
        `<tr><td colspan="2">${escapeHtml(l.name)}</td></tr>` +
        `<tr class="r-detail"><td>${escapeHtml(l.quantity)} × ${escapeHtml(l.price)}</td><td class="r-num">${escapeHtml(l.total)}</td></tr>`,
    )
    .join("");
  const totals = receiptTotalRows(receipt, labels)
    .map(
      (r) =>
        `<tr${r.strong ? ' class="r-strong"' : ""}><th>${escapeHtml(r.label)}</th><td class="r-num" data-testid="receipt-total">${escapeHtml(r.value)}</td></tr>`,
    )
    .join("");
  const body =
    `<div class="r-center">${head}</div><div class="r-rule"></div>${meta}<div class="r-rule"></div>` +
    `<table class="r-lines"><tbody>${lines}</tbody></table><div class="r-rule"></div>` +
    `<table class="r-totals"><tbody>${totals}</tbody></table>` +
    `<div class="r-words">${escapeHtml(receipt.words)}</div><div class="r-rule"></div>` +
    `<div class="r-center r-qr">${options.qrSvg}</div><div class="r-center">${escapeHtml(labels.thanks)}</div>`;
  return `<!doctype html><html lang="${escapeHtml(options.lang)}" dir="${options.dir}"><head><meta charset="utf-8" /><title>${escapeHtml(
    `${receipt.title} ${receipt.number}`,
  )}</title><style>${RECEIPT_CSS(options.paper)}</style></head><body class="receipt-${options.paper}">${body}</body></html>`;
}
