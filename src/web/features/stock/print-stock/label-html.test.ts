import { describe, expect, it } from "vitest";
import { buildLabelsHtml } from "./label-html";

describe("buildLabelsHtml", () => {
  it("repeats each label by its copies and escapes text", () => {
    const html = buildLabelsHtml([
      { name: "Tea <big>", barcode: "626000", price: "1,000.00", copies: 2 },
      { name: "Rice", barcode: null, price: "500.00", batch: "B1", expiry: "01/01/2026", copies: 1 },
    ]);
    expect(html.match(/class="label"/g)).toHaveLength(3);
    expect(html).toContain("Tea &lt;big&gt;");
    expect(html).toContain("B1 · 01/01/2026");
  });
  it("caps the number of labels", () => {
    expect(buildLabelsHtml([{ name: "A", barcode: "1", price: "1", copies: 1000 }], 10).match(/class="label"/g)).toHaveLength(10);
  });
});
