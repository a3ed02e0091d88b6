import { describe, expect, it } from "vitest";
import { lineFromStock } from "./document-lines";
import { decideScan, toCandidate } from "./scan-decision";

const candidate = (id: number, barcode: string) =>
  toCandidate(lineFromStock({ id, quantity: "3", sale_price: "1", item: { id, name: `I${id}`, barcode, item_type: 1 } }));

describe("decideScan", () => {
  it("misses on nothing", () => expect(decideScan([], "1")).toEqual({ kind: "none" }));
  it("takes a single result", () => expect(decideScan([candidate(1, "9")], "1")).toMatchObject({ kind: "pick" }));
  it("takes the single exact barcode match among several", () => {
    expect(decideScan([candidate(1, "123"), candidate(2, "1234")], "123")).toMatchObject({ kind: "pick", item: { barcode: "123" } });
  });
  it("lets the user choose between batches of the same barcode", () => {
    expect(decideScan([candidate(1, "123"), candidate(2, "123")], "123")).toMatchObject({ kind: "choose" });
  });
});
