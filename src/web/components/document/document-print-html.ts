/**
 * The printed document (SPEC section 2 "Print output"): number, date, parties, lines, totals, paid and
 * remaining, amount in words. Pure: builds the options of print-html.ts, unit-tested beside it.
 */
import { amountInWords } from "../../../core/number-to-words";
import { formatAmount, tryMoney } from "../../../core/money";
import { escapeHtml, type BranchPrintHeader, type PrintOptions } from "../print/print-html";
import { lineAmounts, type DocumentLine, type DocumentTotalsValue } from "./document-lines";

export interface PrintableField {
  label: string;
  value: string;
}

/** Everything a document print needs, from the server's record or from local data offline. */
export interface PrintableDocument {
  /** e.g. "Sale Invoice" (translated). */
  title: string;
  /** Invoice number, or "Pending" and the local id for a document not synced yet. */
  number: string;
  /** Already formatted date. */
  date: string;
  branchId: number | null;
  /**
   * The branch header the document brings itself (a provisional invoice: the cached print info of
   * its branch, there even offline); otherwise the print info of `branchId` is used.
   */
  header?: BranchPrintHeader | null;
  /** Customer, inventory, payment type... (translated labels). */
  fields: PrintableField[];
  lines: DocumentLine[];
  totals: DocumentTotalsValue;
  currencyCode: string;
  hidePayment?: boolean;
  note?: string;
  /** Extra blocks after the totals (the installment schedule...). */
  sections?: { title: string; head: string[]; rows: string[][] }[];
}

/** Translated labels of the printout. */
export interface PrintLabels {
  number: string;
  date: string;
  item: string;
  batch: string;
  expiry: string;
  quantity: string;
  price: string;
  fee: string;
  discount: string;
  net: string;
  total: string;
  invoiceDiscount: string;
  netTotal: string;
  paid: string;
  remaining: string;
  status: string;
  statusText: string;
  amountInWords: string;
  note: string;
}

const money = (v: string) => formatAmount(tryMoney(v) ?? 0);

export const DOCUMENT_PRINT_CSS = `
tr.doc-wrap > td { border: none !important; padding: 0 !important; }
.doc-meta { display: flex; flex-wrap: wrap; gap: 4px 24px; margin: 6px 0; }
.doc-meta b { font-weight: bold; }
.doc-lines td.num, .doc-lines th.num, .doc-totals td.num { text-align: end; white-space: nowrap; }
.doc-bottom { display: flex; justify-content: space-between; gap: 12px; margin-top: 8px; align-items: flex-start; }
.doc-totals { width: auto; min-width: 45%; }
.doc-words { margin-top: 6px; font-weight: bold; }
.doc-section { margin-top: 8px; }
`;

const cell = (text: string, numeric = false) => `<td${numeric ? ' class="num"' : ""}>${escapeHtml(text)}</td>`;
const head = (text: string, numeric = false) => `<th${numeric ? ' class="num"' : ""}>${escapeHtml(text)}</th>`;

/** The document as HTML (one copy), without the branch header, which print-html.ts adds. */
export function documentBodyHtml(doc: PrintableDocument, labels: PrintLabels): string {
  const showBatch = doc.lines.some((l) => l.batch_number);
  const showExpiry = doc.lines.some((l) => l.expire_date);
  const showFee = doc.lines.some((l) => (tryMoney(l.fee) ?? 0).toString() !== "0");
  const showDiscount = doc.lines.some((l) => (tryMoney(l.discount) ?? 0).toString() !== "0");
  const meta = [{ label: labels.number, value: doc.number }, { label: labels.date, value: doc.date }, ...doc.fields]
    .map((f) => `<span><b>${escapeHtml(f.label)}:</b> ${escapeHtml(f.value)}</span>`)
    .join("");
  const thead =
    `<tr>${head("#")}${head(labels.item)}${showBatch ? head(labels.batch) : ""}${showExpiry ? head(labels.expiry) : ""}` +
    `${head(labels.quantity, true)}${head(labels.price, true)}${showFee ? head(labels.fee, true) : ""}` +
    `${showDiscount ? head(labels.discount, true) : ""}${showFee || showDiscount ? head(labels.net, true) : ""}${head(labels.total, true)}</tr>`;
  const rows = doc.lines
    .map((l, i) => {
      const a = lineAmounts(l);
      return (
        `<tr>${cell(String(i + 1))}${cell(l.barcode ? `${l.name} (${l.barcode})` : l.name)}${showBatch ? cell(l.batch_number) : ""}` +
        `${showExpiry ? cell(l.expire_date ?? "") : ""}${cell(l.quantity, true)}${cell(money(l.price), true)}` +
        `${showFee ? cell(money(l.fee), true) : ""}${showDiscount ? cell(money(l.discount), true) : ""}` +
        `${showFee || showDiscount ? cell(money(a.net_price), true) : ""}${cell(money(a.total_price), true)}</tr>`
      );
    })
    .join("");
  const totalRow = (label: string, value: string) => `<tr><th>${escapeHtml(label)}</th>${cell(`${value} ${doc.currencyCode}`, true)}</tr>`;
  const totals =
    totalRow(labels.total, money(doc.totals.total)) +
    totalRow(labels.invoiceDiscount, money(doc.totals.discount)) +
    totalRow(labels.netTotal, money(doc.totals.net)) +
    (doc.hidePayment
      ? ""
      : totalRow(labels.paid, money(doc.totals.paid)) +
        totalRow(labels.remaining, money(doc.totals.remaining)) +
        `<tr><th>${escapeHtml(labels.status)}</th>${cell(labels.statusText, true)}</tr>`);
  const note = doc.note ? `<div><b>${escapeHtml(labels.note)}:</b> ${escapeHtml(doc.note)}</div>` : "";
  const sections = (doc.sections ?? [])
    .map(
      (s) =>
        `<div class="doc-section"><b>${escapeHtml(s.title)}</b><table><thead><tr>${s.head.map((h) => head(h)).join("")}</tr></thead><tbody>${s.rows
          .map((r) => `<tr>${r.map((c) => cell(c)).join("")}</tr>`)
          .join("")}</tbody></table></div>`,
    )
    .join("");
  const words = `<div class="doc-words">${escapeHtml(labels.amountInWords)}: ${escapeHtml(amountInWords(doc.totals.net, doc.currencyCode))}</div>`;
  return (
    `<div class="doc-meta">${meta}</div>` +
    `<table class="doc-lines"><thead>${thead}</thead><tbody>${rows}</tbody></table>` +
    `<div class="doc-bottom"><div>${words}${note}</div><table class="doc-totals"><tbody>${totals}</tbody></table></div>${sections}`
  );
}

/** A branch's print info as the start-up loads it (`print/all/`). */
export interface PrintInfoLike {
  branch: { id: number };
  name: string;
  description?: string;
  logo?: string | null;
  phone?: string;
  address?: string;
}

/**
 * The header a document prints: its own, else its branch's print info. Only a document without a
 * branch falls back to the first print info: another branch's header would be wrong on the invoice.
 * `logoUrl` is the stored path; the caller resolves it (mediaUrl).
 */
export function documentHeader(
  doc: Pick<PrintableDocument, "branchId" | "header">,
  printInfos: readonly PrintInfoLike[],
): BranchPrintHeader | null {
  if (doc.header) return doc.header;
  const info = doc.branchId === null ? printInfos[0] : printInfos.find((p) => p.branch.id === doc.branchId);
  if (!info) return null;
  return {
    name: info.name,
    description: info.description || undefined,
    logoUrl: info.logo ?? undefined,
    phone: info.phone || undefined,
    address: info.address || undefined,
  };
}

/** print-html.ts options for the document (A4, or A5 with two copies). */
export function documentPrintOptions(
  doc: PrintableDocument,
  labels: PrintLabels,
  a5: boolean,
): Omit<PrintOptions, "branch" | "printedAt" | "dir" | "lang"> {
  return {
    title: doc.title,
    a5,
    css: DOCUMENT_PRINT_CSS + (a5 ? "body { font-size: 11px; } .a5-copy { height: auto; }" : ""),
    // print-html.ts renders a table: the whole document goes in one borderless cell of it.
    thead: "",
    content: `<tr class="doc-wrap"><td>${documentBodyHtml(doc, labels)}</td></tr>`,
  };
}
