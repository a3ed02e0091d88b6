/** Pure rules of the image uploader (SPEC section 5). */

export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp"] as const;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export function isAcceptedImage(file: { name: string; type: string }): boolean {
  return file.type.startsWith("image/") && (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name));
}

export function isPdf(file: { name: string; type: string }): boolean {
  return file.type === "application/pdf" || fileExtension(file.name) === "pdf";
}

export type UploadRefusal = "Only images are allowed" | "Only images or PDF files are allowed" | "File is too large";

/**
 * Null when accepted; otherwise the English message to translate. In the image-or-PDF mode (document
 * attachments) the refusal names both, as the server's does.
 */
export function checkUploadFile(
  file: { name: string; type: string; size?: number },
  imagesOnly: boolean,
  maxBytes?: number,
): UploadRefusal | null {
  const accepted = isAcceptedImage(file) || (!imagesOnly && isPdf(file));
  if (!accepted) return imagesOnly ? "Only images are allowed" : "Only images or PDF files are allowed";
  if (maxBytes !== undefined && (file.size ?? 0) > maxBytes) return "File is too large";
  return null;
}

/** The `accept` attribute for the file input. */
export function acceptAttribute(imagesOnly: boolean): string {
  const images = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(",");
  return imagesOnly ? `image/*,${images}` : `image/*,${images},application/pdf,.pdf`;
}
