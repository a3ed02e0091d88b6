import { describe, expect, it } from "vitest";
import { encodeReceiptImage } from "./escpos";

/** A 16 x 8 image: the left half black, the right half white. */
function halfBlack(): { data: Uint8ClampedArray; width: number; height: number } {
  const width = 16;
  const height = 8;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const v = x < 8 ? 0 : 255;
      data.set([v, v, v, 255], i);
    }
  return { data, width, height };
}

const indexOf = (bytes: Uint8Array, pattern: number[]) => {
  for (let i = 0; i + pattern.length <= bytes.length; i++) if (pattern.every((b, j) => bytes[i + j] === b)) return i;
  return -1;
};

describe("encodeReceiptImage", () => {
  it("starts with ESC @, sends the image as GS v 0 raster with its size, then cuts and kicks the drawer", () => {
    const bytes = encodeReceiptImage(halfBlack(), 80, { drawer: true });
    expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
    // GS v 0 m xL xH yL yH: 2 bytes across (16 dots), 8 rows.
    const raster = indexOf(bytes, [0x1d, 0x76, 0x30, 0x00, 2, 0, 8, 0]);
    expect(raster).toBeGreaterThan(0);
    // Each row: the left byte all dots (black), the right byte none.
    expect([...bytes.slice(raster + 8, raster + 10)]).toEqual([0xff, 0x00]);
    const cut = indexOf(bytes, [0x1d, 0x56]);
    expect(cut).toBeGreaterThan(raster);
    const kick = indexOf(bytes, [0x1b, 0x70, 0x00]);
    expect(kick).toBeGreaterThan(cut);
  });

  it("leaves the drawer shut when not asked", () => {
    const bytes = encodeReceiptImage(halfBlack(), 58, { drawer: false });
    expect(indexOf(bytes, [0x1b, 0x70])).toBe(-1);
    expect(indexOf(bytes, [0x1d, 0x56])).toBeGreaterThan(0);
  });
});
