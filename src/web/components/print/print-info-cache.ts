import { textOf } from "../../../core/text";
import { mediaUrl } from "../../lib/api-client";
import type { PrintInfo } from "../../lib/app-state";

/**
 * The print header offline (issue 17): the branches' print info comes from the device's cache of
 * `print_info` (the sync keeps it) when `print/all/` cannot be reached, and each logo is kept on the
 * device as a data URL (SPEC section 3: "logoUrl built from the logo image as a data URL"), so a
 * printout made offline still shows it.
 */

const logoKey = (logo: string) => `bo.print-logo.${logo}`;
/** Larger logos are printed from the server only (localStorage holds a few MB in all). */
const MAX_KEPT_LOGO_CHARS = 600_000;

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

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : "");
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(blob);
  });
}

/** Keeps a copy of each logo not kept yet (a media url never changes content: a new logo is a new url). */
export async function rememberLogos(infos: readonly Pick<PrintInfo, "logo">[]): Promise<void> {
  for (const { logo } of infos) {
    if (!logo || logo.startsWith("data:")) continue;
    try {
      if (localStorage.getItem(logoKey(logo))) continue;
      const response = await fetch(mediaUrl(logo) ?? logo);
      if (!response.ok) continue;
      const blob = await response.blob();
      if (!blob.type.startsWith("image/")) continue;
      const dataUrl = await readAsDataUrl(blob);
      if (dataUrl.length <= MAX_KEPT_LOGO_CHARS) localStorage.setItem(logoKey(logo), dataUrl);
    } catch {
      // Offline or storage full: printed from the server URL while it can be reached.
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
