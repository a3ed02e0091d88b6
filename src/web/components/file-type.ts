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

/** Null when accepted; otherwise the English message to translate. */
export function checkUploadFile(file: { name: string; type: string }, imagesOnly: boolean): "Only images are allowed" | null {
  if (isAcceptedImage(file)) return null;
  if (!imagesOnly && isPdf(file)) return null;
  return "Only images are allowed";
}

/** The `accept` attribute for the file input. */
export function acceptAttribute(imagesOnly: boolean): string {
  const images = IMAGE_EXTENSIONS.map((ext) => `.${ext}`).join(",");
  return imagesOnly ? `image/*,${images}` : `image/*,${images},application/pdf,.pdf`;
}
