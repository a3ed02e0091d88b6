/**
 * A barcode detector for camera frames: the browser's own `BarcodeDetector` where it reads our
 * formats (Chrome on Android), else the zxing-wasm ponyfill, loaded on first use with its .wasm
 * served by this app (never fetched from elsewhere).
 */
import { CAMERA_FORMATS, type Detection } from "./camera-codes";

export interface FrameDetector {
  detect(source: HTMLVideoElement): Promise<Detection[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): FrameDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<FrameDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    const formats = CAMERA_FORMATS.filter((f) => supported.includes(f));
    return formats.length === CAMERA_FORMATS.length ? new Native({ formats }) : null;
  } catch {
    return null;
  }
}

async function ponyfillDetector(): Promise<FrameDetector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: [...CAMERA_FORMATS] });
}

let detector: Promise<FrameDetector> | null = null;

export function getFrameDetector(): Promise<FrameDetector> {
  detector ??= nativeDetector().then((found) => found ?? ponyfillDetector());
  // A failed load is tried again next time.
  detector.catch(() => (detector = null));
  return detector;
}
