/**
 * The receipt for an ESC/POS printer. Arabic and Kurdish have no code page on these printers, so the
 * whole receipt goes as one raster image drawn on a canvas (`drawReceipt`), then cut, then the cash
 * drawer is kicked. The bytes come from a maintained encoder (@point-of-sale/receipt-printer-encoder).
 */
import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import { receiptTotalRows, type PaperWidth, type Receipt, type ReceiptLabels } from "./receipt";

/** Printable dots across the roll at 203 dpi (72 mm of an 80 mm roll, 48 mm of a 58 mm one). */
export const PRINT_DOTS: Record<PaperWidth, number> = { 80: 576, 58: 384 };
const COLUMNS: Record<PaperWidth, number> = { 80: 48, 58: 32 };

/** An RGBA image as a canvas gives it (`getImageData`). */
export interface RasterImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Init, the image as a raster, a cut and, when asked, the drawer kick (pin 2). */
export function encodeReceiptImage(image: RasterImage, paper: PaperWidth, options: { drawer: boolean }): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ language: "esc-pos", columns: COLUMNS[paper], imageMode: "raster", feedBeforeCut: 4 });
  // Width and height a multiple of 8: what the raster command carries in whole bytes.
  const width = Math.floor(image.width / 8) * 8;
  const height = Math.floor(image.height / 8) * 8;
  let chain = encoder.initialize().image({ data: image.data, width: image.width, height: image.height }, width, height, "threshold").cut();
  if (options.drawer) chain = chain.pulse();
  return chain.encode();
}

/** One row of the drawn receipt. */
type Row =
  | { kind: "text"; text: string; align: "center" | "start"; bold?: boolean; size?: number }
  | { kind: "pair"; start: string; end: string; bold?: boolean }
  | { kind: "rule" }
  | { kind: "qr"; modules: boolean[][] };

function receiptRows(receipt: Receipt, labels: ReceiptLabels, qr: boolean[][]): Row[] {
  const rows: Row[] = [];
  const h = receipt.header;
  if (h?.name) rows.push({ kind: "text", text: h.name, align: "center", bold: true, size: 1.4 });
  for (const extra of [h?.description, h?.address, h?.phone]) if (extra) rows.push({ kind: "text", text: extra, align: "center" });
  rows.push({ kind: "rule" }, { kind: "text", text: receipt.title, align: "start", bold: true });
  rows.push({ kind: "text", text: `${labels.number}: ${receipt.number}`, align: "start" });
  if (receipt.provisional) rows.push({ kind: "text", text: labels.provisional, align: "start", bold: true });
  rows.push({ kind: "text", text: `${labels.date}: ${receipt.date}`, align: "start" });
  if (receipt.customer) rows.push({ kind: "text", text: `${labels.customer}: ${receipt.customer}`, align: "start" });
  rows.push({ kind: "rule" });
  for (const l of receipt.lines) {
    rows.push({ kind: "text", text: l.name, align: "start" });
    rows.push({ kind: "pair", start: `${l.quantity} × ${l.price}`, end: l.total });
  }
  rows.push({ kind: "rule" });
  for (const r of receiptTotalRows(receipt, labels)) rows.push({ kind: "pair", start: r.label, end: r.value, bold: r.strong });
  rows.push({ kind: "text", text: receipt.words, align: "start" }, { kind: "rule" }, { kind: "qr", modules: qr });
  rows.push({ kind: "text", text: labels.thanks, align: "center" });
  return rows;
}

const FONT_PX: Record<PaperWidth, number> = { 80: 24, 58: 20 };

/** Splits a text into lines that fit the width. */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

/**
 * Draws the receipt on a canvas as wide as the roll prints, in the text direction of the language
 * (the browser shapes Arabic script). Needs a real canvas: checked by hand on a printer, not in unit tests.
 */
export function drawReceipt(
  receipt: Receipt,
  labels: ReceiptLabels,
  options: { paper: PaperWidth; rtl: boolean; qr: boolean[][] },
): HTMLCanvasElement {
  const width = PRINT_DOTS[options.paper];
  const font = FONT_PX[options.paper];
  const lineHeight = Math.round(font * 1.35);
  const rows = receiptRows(receipt, labels, options.qr);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  const measure = canvas.getContext("2d")!;
  const fontOf = (bold?: boolean, size = 1) => `${bold ? "bold " : ""}${Math.round(font * size)}px Roboto, Arial, sans-serif`;
  // First pass: the height of each row once wrapped.
  const heights = rows.map((row) => {
    if (row.kind === "rule") return lineHeight / 2;
    if (row.kind === "qr") return Math.min(width / 2, row.modules.length * 6) + lineHeight / 2;
    if (row.kind === "pair") return lineHeight;
    measure.font = fontOf(row.bold, row.size);
    return wrap(measure, row.text, width).length * Math.round(lineHeight * (row.size ?? 1));
  });
  canvas.height = Math.ceil(heights.reduce((a, b) => a + b, 0) / 8) * 8 + 8;
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000";
  ctx.textBaseline = "top";
  ctx.direction = options.rtl ? "rtl" : "ltr";
  const startX = options.rtl ? width : 0;
  const endX = options.rtl ? 0 : width;
  let y = 0;
  rows.forEach((row, index) => {
    if (row.kind === "rule") {
      ctx.fillRect(0, y + lineHeight / 4, width, 2);
    } else if (row.kind === "qr") {
      const cell = Math.max(1, Math.floor(Math.min(width / 2, row.modules.length * 6) / Math.max(1, row.modules.length)));
      const left = Math.floor((width - cell * row.modules.length) / 2);
      row.modules.forEach((line, r) => line.forEach((dark, c) => dark && ctx.fillRect(left + c * cell, y + r * cell, cell, cell)));
    } else if (row.kind === "pair") {
      ctx.font = fontOf(row.bold);
      ctx.textAlign = "start";
      ctx.fillText(row.start, startX, y);
      ctx.textAlign = "end";
      ctx.fillText(row.end, endX, y);
    } else {
      ctx.font = fontOf(row.bold, row.size);
      ctx.textAlign = row.align === "center" ? "center" : "start";
      const x = row.align === "center" ? width / 2 : startX;
      const step = Math.round(lineHeight * (row.size ?? 1));
      wrap(ctx, row.text, width).forEach((line, i) => ctx.fillText(line, x, y + i * step));
    }
    y += heights[index];
  });
  return canvas;
}
