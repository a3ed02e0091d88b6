import { escapeHtml } from "../../../components/print/print-html";

export interface LabelEntry {
  name: string;
  barcode: string | null;
  price: string;
  batch?: string;
  expiry?: string;
  copies: number;
}

/** CSS of the label sheet: a grid of small cards, barcode digits large enough to key in by hand. */
export const LABEL_CSS = `
.labels { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4mm; }
.label { border: 1px dashed #666; padding: 2mm; text-align: center; page-break-inside: avoid; }
.label .name { font-weight: bold; font-size: 13px; }
.label .code { font-family: monospace; font-size: 16px; letter-spacing: 2px; }
.label .price { font-size: 15px; font-weight: bold; }
.label .meta { font-size: 11px; }
`;

/** The label sheet's body: each entry repeated `copies` times (at most 500 labels in all). */
export function buildLabelsHtml(entries: readonly LabelEntry[], maxLabels = 500): string {
  const cards: string[] = [];
  for (const entry of entries) {
    const copies = Math.max(0, Math.floor(entry.copies));
    const meta = [entry.batch, entry.expiry]
      .filter(Boolean)
      .map((v) => escapeHtml(String(v)))
      .join(" · ");
    const card =
      `<div class="label"><div class="name">${escapeHtml(entry.name)}</div>` +
      (entry.barcode ? `<div class="code" dir="ltr">${escapeHtml(entry.barcode)}</div>` : "") +
      `<div class="price">${escapeHtml(entry.price)}</div>` +
      (meta ? `<div class="meta">${meta}</div>` : "") +
      `</div>`;
    for (let i = 0; i < copies && cards.length < maxLabels; i += 1) cards.push(card);
  }
  return `<div class="labels">${cards.join("")}</div>`;
}
