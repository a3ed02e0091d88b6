// @vitest-environment jsdom
import { createRef } from "react";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInLanguage } from "../../testing/render";
import { lineFromStock } from "./document-lines";
import { toCandidate } from "./scan-decision";
import { StockScanField, type StockScanFieldHandle } from "./stock-scan-field";

afterEach(cleanup);

const row = (id: number, barcode: string) =>
  toCandidate(lineFromStock({ id, quantity: "5", sale_price: "1000", item: { id, name: `Item ${id}`, barcode, item_type: 1 } }));

describe("StockScanField", () => {
  it("takes a camera's read down the same path as a scanner's Enter, and offers the camera beside the field", async () => {
    const lookUp = vi.fn((code: string) => Promise.resolve(code === "4006381333931" ? [row(7, "4006381333931")] : []));
    const onLinesChange = vi.fn();
    const ref = createRef<StockScanFieldHandle>();
    await renderInLanguage("en", <StockScanField ref={ref} inventoryId={1} lines={[]} onLinesChange={onLinesChange} lookUp={lookUp} />);
    expect(screen.getByRole("button", { name: "Scan with the camera" })).toBeTruthy();
    // What the camera dialog calls with a detected code.
    act(() => ref.current!.submit(" 4006381333931 "));
    await waitFor(() => expect(onLinesChange).toHaveBeenCalledTimes(1));
    expect(lookUp).toHaveBeenCalledWith("4006381333931");
    expect(onLinesChange.mock.calls[0][0]).toMatchObject([{ stock: 7, quantity: "1" }]);
  }, 30_000);
});
