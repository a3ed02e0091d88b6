/** What a camera frame's detections hand to a scan field (pure). */

/** The formats the counter reads: shop barcodes, scale labels (EAN-13), box labels (Code 128), QR. */
export const CAMERA_FORMATS = ["ean_13", "ean_8", "code_128", "qr_code"] as const;
export type CameraFormat = (typeof CAMERA_FORMATS)[number];

export interface Detection {
  rawValue: string;
  format: string;
}

/** The first detection of a wanted format with a value, trimmed; null when the frame has none. */
export function codeOfFrame(detections: readonly Detection[]): string | null {
  for (const d of detections) {
    const value = d.rawValue.trim();
    if (value !== "" && (CAMERA_FORMATS as readonly string[]).includes(d.format)) return value;
  }
  return null;
}
