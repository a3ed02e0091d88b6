import { describe, expect, it } from "vitest";
import { cleanFileName } from "./attachments";

describe("attachment file names", () => {
  it("keeps the last path segment without control or direction characters", () => {
    expect(cleanFileName("C:\\scans\\invoice 12.pdf")).toBe("invoice 12.pdf");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("a\u0000b\r\n.png")).toBe("ab.png");
    expect(cleanFileName("bill\u202egnp.exe")).toBe("billgnp.exe");
    expect(cleanFileName("پسوڵە.jpg")).toBe("پسوڵە.jpg");
  });
  it("names an empty or dot-only name attachment and caps the length", () => {
    expect(cleanFileName("")).toBe("attachment");
    expect(cleanFileName("dir/..")).toBe("attachment");
    expect(cleanFileName(" \u0001 ")).toBe("attachment");
    expect(cleanFileName(`${"x".repeat(500)}.pdf`)).toHaveLength(200);
  });
});
