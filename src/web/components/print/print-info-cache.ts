import { textOf } from "../../../core/text";
import { mediaUrl } from "../../lib/api-client";
import type { PrintInfo } from "../../lib/app-state";

/**
 * The print header offline: the branches' print info comes from the device's cache of
 * `print_info` (the sync keeps it) when `print/all/` cannot be reached, and each logo is kept on the
 * device as a JPEG data URL (SPEC section 3: "logoUrl (built from the logo image as a jpeg data URL)"),
 * drawn through a canvas, so a printout made offline still shows it and prints from it.
 */

// "-jpeg": copies kept before as the uploaded format are made again as JPEG.
const logoKey = (logo: string) => `bo.print-logo-jpeg.${logo}`;
/** Larger logos are printed from the server only (localStorage holds a few MB in all). */
const MAX_KEPT_LOGO_CHARS = 600_000;
/** A header logo prints a few centimetres wide: a longer side than this only costs storage. */
export const MAX_LOGO_SIDE = 600;

/** The logo to print: the copy kept on this device, else its server URL. */
export function printLogoUrl(logo: string | null | undefined): string | undefined {
  if (!logo) return undefined;
  if (logo.startsWith("data:")) return logo;
  try {
    const kept = localStorage.getItem(logoKey(logo));
    if (kept) return kept;
  } catch {
    // Storage unavailable (private mode): the server URL below.
  }
  return mediaUrl(logo) ?? undefined;
}

/** The size an image is drawn at: its own, or scaled down so its longer side is `max`. */
export function fitWithin(width: number, height: number, max = MAX_LOGO_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** An image as a JPEG data URL, drawn on a canvas over white (JPEG has no transparency); null where there is no canvas. */
export async function jpegDataUrl(blob: Blob): Promise<string | null> {
  if (typeof document === "undefined" || typeof createImageBitmap !== "function") return null;
  const bitmap = await createImageBitmap(blob);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const url = canvas.toDataURL("image/jpeg", 0.9);
    return url.startsWith("data:image/jpeg") ? url : null;
  } finally {
    bitmap.close();
  }
}

/** Keeps a JPEG copy of each logo not kept yet (a media url never changes content: a new logo is a new url). */
export async function rememberLogos(
  infos: readonly Pick<PrintInfo, "logo">[],
  toJpeg: (blob: Blob) => Promise<string | null> = jpegDataUrl,
): Promise<void> {
  for (const { logo } of infos) {
    if (!logo || logo.startsWith("data:")) continue;
    try {
      if (localStorage.getItem(logoKey(logo))) continue;
      const response = await fetch(mediaUrl(logo) ?? logo);
      if (!response.ok) continue;
      const blob = await response.blob();
      if (!blob.type.startsWith("image/")) continue;
      const dataUrl = await toJpeg(blob);
      if (dataUrl && dataUrl.length <= MAX_KEPT_LOGO_CHARS) localStorage.setItem(logoKey(logo), dataUrl);
      // The copy kept before in the uploaded format only takes room now.
      localStorage.removeItem(`bo.print-logo.${logo}`);
    } catch {
      // Offline, an image the browser cannot draw, or storage full: printed from the server URL while it can be reached.
    }
  }
}

/** The print info of the user's branches as the device's cache holds it. */
export async function cachedPrintInfos(): Promise<PrintInfo[]> {
  // Loaded on demand: the offline database stays out of the first screens' JavaScript.
  const { getOfflineDb } = await import("../../offline/db");
  const rows = await getOfflineDb().ref("print_info").toArray();
  return rows
    .map((row) => ({
      id: Number(row.id),
      branch: { id: Number(row.branch_id) },
      name: textOf(row.name),
      description: textOf(row.description),
      logo: typeof row.logo === "string" ? row.logo : null,
      phone: textOf(row.phone),
      address: textOf(row.address),
    }))
    .sort((a, b) => a.id - b.id);
}
