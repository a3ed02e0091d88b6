/**
 * The Z report of a cashbox count: its labels (one per kind, core/z-report.ts) and the page it prints on
 * the receipt printer's roll (the receipt's page rule and style, core of the counter's print path).
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { DISPLAY_DATE_TIME, formatDate } from "../../../../core/dates";
import { formatAmount, tryMoney } from "../../../../core/money";
import type { ZReport, ZReportKind } from "../../../../core/z-report";
import { i18n } from "../../../lib/i18n";
import { escapeHtml } from "../../../components/print/print-html";
import { RECEIPT_CSS } from "../../../components/receipt/receipt";
import { printRollHtml, type RollPage } from "../../../components/receipt/receipt-print";
import type { CountRecord } from "./count-record";

/** A count's Z report as the API answers it (the open shift's has no count). */
export interface ZReportAnswer extends ZReport {
  count: CountRecord | null;
  previous_count: { id: number; invoice_no: number; closed_at: string } | null;
}

const KIND_LABELS: Record<ZReportKind, MessageDescriptor> = {
  sales: msg`Sales (cash taken)`,
  change: msg`Change given`,
  refunds: msg`Sale refunds`,
  receipts: msg`Receipts`,
  payments: msg`Payments`,
  expenses: msg`Expenses`,
  incomes: msg`Incomes`,
  purchases: msg`Purchases paid`,
  purchase_refunds: msg`Purchase refunds`,
  transfers_in: msg`Transfers in`,
  transfers_out: msg`Transfers out`,
  conversions: msg`Money conversions`,
  capital: msg`Capital`,
  salaries: msg`Salaries and advances`,
  adjustments: msg`Cashbox adjustments`,
  other: msg`Other`,
};
export const zKindLabel = (kind: ZReportKind) => i18n._(KIND_LABELS[kind]);

export function zReportLabels() {
  return {
    title: i18n._(msg`Z Report`),
    number: i18n._(msg`Number`),
    branch: i18n._(msg`Branch`),
    cashbox: i18n._(msg`Cashbox`),
    shift: i18n._(msg`Shift`),
    from: i18n._(msg`From`),
    to: i18n._(msg`To`),
    start: i18n._(msg`The cashbox's start`),
    closedBy: i18n._(msg`Closed By`),
    documents: i18n._(msg`Documents`),
    opening: i18n._(msg`Opening`),
    movements: i18n._(msg`Movements`),
    expected: i18n._(msg`Expected`),
    counted: i18n._(msg`Counted`),
    difference: i18n._(msg`Difference (over / short)`),
  };
}

const amount = (v: string) => formatAmount(tryMoney(v) ?? 0);

/** The Z report as a roll page: the count's heading, a row per kind (documents, net), then the totals. */
export function zReportHtml(report: ZReportAnswer & { count: CountRecord }, number: string, page: RollPage): string {
  const l = zReportLabels();
  const c = report.count;
  const cur = escapeHtml(c.currency_code);
  const meta = [
    [l.number, number],
    [l.branch, c.branch_name],
    [l.cashbox, c.cashbox_name],
    ...(c.shift ? [[l.shift, c.shift]] : []),
    [l.from, report.previous_count ? formatDate(report.previous_count.closed_at, DISPLAY_DATE_TIME) : l.start],
    [l.to, formatDate(c.closed_at, DISPLAY_DATE_TIME)],
    [l.closedBy, c.closed_by_name ?? ""],
  ]
    .map(([label, value]) => `<div>${escapeHtml(label)}: <span dir="auto">${escapeHtml(value)}</span></div>`)
    .join("");
  const row = (label: string, value: string, extra = "", strong = false) =>
    `<tr${strong ? ' class="r-strong"' : ""}><th>${escapeHtml(label)}</th><td class="r-num">${escapeHtml(extra)}</td>` +
    `<td class="r-num" data-testid="z-print-amount">${escapeHtml(value)}</td></tr>`;
  const lines = report.lines.map((line) => row(zKindLabel(line.kind), amount(line.net), String(line.documents))).join("");
  const body =
    `<div class="r-center"><b>${escapeHtml(l.title)}</b></div><div class="r-rule"></div>${meta}<div class="r-rule"></div>` +
    `<table class="r-totals"><tbody>${row(l.opening, amount(report.opening))}` +
    `<tr class="r-detail"><th></th><td class="r-num">${escapeHtml(l.documents)}</td><td></td></tr>${lines}` +
    `${row(l.movements, amount(report.movements))}</tbody></table><div class="r-rule"></div>` +
    `<table class="r-totals"><tbody>${row(l.expected, `${amount(report.expected)} ${cur}`, "", true)}` +
    `${row(l.counted, `${amount(report.counted ?? "0")} ${cur}`)}${row(l.difference, `${amount(report.difference ?? "0")} ${cur}`, "", true)}` +
    `</tbody></table>`;
  return `<!doctype html><html lang="${escapeHtml(page.lang)}" dir="${page.dir}"><head><meta charset="utf-8" /><title>${escapeHtml(
    `${l.title} ${number}`,
  )}</title><style>${RECEIPT_CSS(page.paper)}</style></head><body class="receipt-${page.paper}">${body}</body></html>`;
}

/** Prints the count's Z report on this device's receipt printer (80 or 58 mm). */
export function printZReport(report: ZReportAnswer & { count: CountRecord }, number: string): void {
  printRollHtml((page) => zReportHtml(report, number, page));
}
