/**
 * Prints a receipt on this device's receipt printer (chosen once in the settings): the browser's print
 * dialog on an 80 mm or 58 mm page, or ESC/POS bytes over USB or a serial port. Works offline: all it
 * needs is the receipt. The QR code and the encoder load on first use, not with the app.
 */
import { msg } from "@lingui/core/macro";
import { appStore, languageAtom, receiptPrinterAtom } from "../../lib/app-state";
import { i18n, isRtl } from "../../lib/i18n";
import { showError } from "../../lib/toast";
import { printLogoUrl } from "../print/print-info-cache";
import { fitPageToReceipt, receiptHtml, receiptQrText, type PaperWidth, type Receipt, type ReceiptLabels } from "./receipt";

export function receiptLabels(): ReceiptLabels {
  return {
    number: i18n._(msg`Invoice No.`),
    provisional: i18n._(msg`Provisional number: the server gives the final one when it syncs`),
    date: i18n._(msg`Date`),
    customer: i18n._(msg`Customer`),
    total: i18n._(msg`Total`),
    discount: i18n._(msg`Discount`),
    net: i18n._(msg`Net`),
    paid: i18n._(msg`Paid`),
    change: i18n._(msg`Change`),
    remaining: i18n._(msg`Remaining`),
    thanks: i18n._(msg`Thank you`),
  };
}

async function qrModules(text: string): Promise<boolean[][]> {
  const { create } = await import("qrcode");
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, r) => Array.from({ length: modules.size }, (__, c) => Boolean(modules.get(r, c))));
}

async function qrSvg(text: string): Promise<string> {
  const { toString } = await import("qrcode");
  return toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

/** Writes the receipt into an open popup and prints it when its images have loaded. */
async function printInPopup(popup: Window, receipt: Receipt, paper: 80 | 58): Promise<void> {
  const language = appStore.get(languageAtom);
  const html = receiptHtml(receipt, receiptLabels(), {
    paper,
    qrSvg: await qrSvg(receiptQrText(receipt)),
    dir: isRtl(language) ? "rtl" : "ltr",
    lang: language,
    logoUrl: printLogoUrl(receipt.header?.logoUrl),
  });
  writeAndPrint(popup, html, paper);
}

/** The page the device's roll takes, in the user's language and direction. */
export interface RollPage {
  paper: PaperWidth;
  dir: "ltr" | "rtl";
  lang: string;
}

/**
 * Prints a page other than a sale's receipt (a shift's Z report) on the receipt printer's roll: the print
 * dialog at the device's paper width, whichever way the device prints receipts (ESC/POS draws sales only).
 * Call it from the tap that asked for it, as printReceiptOnDevice.
 */
export function printRollHtml(html: (page: RollPage) => string): void {
  const { paper } = appStore.get(receiptPrinterAtom);
  const language = appStore.get(languageAtom);
  const popup = openRollWindow(paper);
  if (!popup) return;
  writeAndPrint(popup, html({ paper, dir: isRtl(language) ? "rtl" : "ltr", lang: language }), paper);
}

/** The print window of a roll of that width (null where the browser blocks it). */
const openRollWindow = (paper: PaperWidth) => window.open("", "_blank", `width=${paper === 80 ? 420 : 320},height=900`);

function writeAndPrint(popup: Window, html: string, paper: PaperWidth): void {
  popup.document.open();
  popup.document.write(html);
  popup.document.close();
  const print = () => {
    fitPageToReceipt(popup.document, paper);
    popup.focus();
    popup.print();
    popup.close();
  };
  const images = Array.from(popup.document.images).filter((img) => !img.complete);
  if (images.length === 0) window.setTimeout(print, 50);
  else
    void Promise.all(
      images.map(
        (img) =>
          new Promise((done) => {
            img.addEventListener("load", done);
            img.addEventListener("error", done);
          }),
      ),
    ).then(print);
}

async function printEscPos(receipt: Receipt, link: "usb" | "serial", paper: 80 | 58, drawer: boolean): Promise<void> {
  const [{ drawReceipt, encodeReceiptImage }, { sendToPrinter }] = await Promise.all([import("./escpos"), import("./printer-transport")]);
  const canvas = drawReceipt(receipt, receiptLabels(), {
    paper,
    rtl: isRtl(appStore.get(languageAtom)),
    qr: await qrModules(receiptQrText(receipt)),
  });
  const image = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
  await sendToPrinter(link, encodeReceiptImage(image, paper, { drawer }));
}

/**
 * Prints the receipt on the device's printer. Call it from the tap (or key) that asked for it: the
 * print dialog opens a popup, which a browser allows only then. `drawer` kicks the cash drawer
 * (a sale at the counter, not a reprint).
 */
export async function printReceiptOnDevice(receipt: Receipt | Promise<Receipt>, options: { drawer?: boolean } = {}): Promise<void> {
  const choice = appStore.get(receiptPrinterAtom);
  if (choice.kind === "browser") {
    // Opened before any wait, while the tap still counts.
    const popup = openRollWindow(choice.paper);
    if (!popup) return;
    try {
      await printInPopup(popup, await receipt, choice.paper);
    } catch (error) {
      popup.close();
      throw error;
    }
    return;
  }
  try {
    await printEscPos(await receipt, choice.kind, choice.paper, choice.drawer && (options.drawer ?? false));
  } catch (error) {
    showError(
      i18n._(msg`The receipt printer did not answer: check that it is on and paired in the settings`),
      error instanceof Error ? error.message : undefined,
    );
  }
}
