/** Builds the printable document of SPEC section 2 "Print output" as an HTML string (pure, unit-tested). */

export interface BranchPrintHeader {
  name: string;
  description?: string;
  logoUrl?: string;
  phone?: string;
  address?: string;
}

export interface PrintTable {
  head: string[];
  rows: string[][];
}

export interface PrintOptions {
  /** Extra CSS appended after the base style. */
  css?: string;
  hideHeader?: boolean;
  title?: string;
  /** Ready HTML for the table head (<tr>...), or built from `table`. */
  thead?: string;
  /** Ready HTML for the body, or built from `table`. */
  content?: string;
  table?: PrintTable;
  /** Ready HTML placed after the title instead of a table (labels, documents). */
  body?: string;
  branch?: BranchPrintHeader | null;
  /** Printed date-time, already formatted. */
  printedAt: string;
  dir?: "ltr" | "rtl";
  lang?: string;
  /** A5: two copies on one page separated by a dashed line. */
  a5?: boolean;
}

/** Columns never printed (SPEC section 2). */
export const PRINT_SKIPPED_COLUMNS: readonly string[] = ["image", "updated_at"];

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const BASE_CSS = `
@page { margin: 5mm 7mm; }
* { box-sizing: border-box; }
body { font-family: Roboto, Arial, sans-serif; font-size: 14px; margin: 0; color: #000; }
.print-header { display: flex; justify-content: space-between; align-items: center; gap: 12px; border-bottom: 1px solid #999; padding-bottom: 6px; margin-bottom: 8px; }
.print-header img { max-height: 70px; max-width: 160px; }
.print-header .branch-name { font-size: 18px; font-weight: bold; }
.print-title { text-align: center; font-size: 16px; font-weight: bold; margin: 6px 0; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 1px solid #999; padding: 3px 5px; text-align: start; }
th { background: #eee; }
.copy-separator { border-top: 1px dashed #000; margin: 10px 0; }
.a5-copy { height: 48vh; overflow: hidden; }
`;

/** A cell; the columns of figures (by index) align to the end and do not wrap. */
const cellHtml = (tag: "td" | "th", text: string, figure: boolean) =>
  `<${tag}${figure ? ' style="text-align:end;white-space:nowrap"' : ""}>${escapeHtml(text)}</${tag}>`;

export function buildTableHead(head: readonly string[], figures: ReadonlySet<number> = new Set()): string {
  return `<tr>${head.map((cell, i) => cellHtml("th", cell, figures.has(i))).join("")}</tr>`;
}

export function buildTableBody(rows: readonly (readonly string[])[], figures: ReadonlySet<number> = new Set()): string {
  return rows.map((row) => `<tr>${row.map((cell, i) => cellHtml("td", cell, figures.has(i))).join("")}</tr>`).join("");
}

function buildHeader(branch: BranchPrintHeader | null | undefined, printedAt: string): string {
  const name = branch?.name ? `<div class="branch-name">${escapeHtml(branch.name)}</div>` : "";
  const description = branch?.description ? `<div>${escapeHtml(branch.description)}</div>` : "";
  const phone = branch?.phone ? `<div>${escapeHtml(branch.phone)}</div>` : "";
  const address = branch?.address ? `<div>${escapeHtml(branch.address)}</div>` : "";
  const logo = branch?.logoUrl ? `<img src="${escapeHtml(branch.logoUrl)}" alt="" />` : "";
  return `<header class="print-header"><div>${name}${description}</div>${logo}<div>${phone}${address}<div>${escapeHtml(printedAt)}</div></div></header>`;
}

function buildCopy(options: PrintOptions): string {
  const header = options.hideHeader ? "" : buildHeader(options.branch, options.printedAt);
  const title = options.title ? `<div class="print-title">${escapeHtml(options.title)}</div>` : "";
  const thead = options.thead ?? (options.table ? buildTableHead(options.table.head) : "");
  const tbody = options.content ?? (options.table ? buildTableBody(options.table.rows) : "");
  const table = thead || tbody ? `<table><thead>${thead}</thead><tbody>${tbody}</tbody></table>` : "";
  return `${header}${title}${table}${options.body ?? ""}`;
}

export function buildPrintHtml(options: PrintOptions): string {
  const copy = buildCopy(options);
  const body = options.a5 ? `<div class="a5-copy">${copy}</div><div class="copy-separator"></div><div class="a5-copy">${copy}</div>` : copy;
  const pageSize = options.a5 ? "@page { size: A5; }" : "";
  return `<!doctype html><html lang="${options.lang ?? "en"}" dir="${options.dir ?? "ltr"}"><head><meta charset="utf-8" /><title>${escapeHtml(options.title ?? "")}</title><style>${BASE_CSS}${pageSize}${options.css ?? ""}</style></head><body>${body}</body></html>`;
}
