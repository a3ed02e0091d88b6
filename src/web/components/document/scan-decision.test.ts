import { describe, expect, it } from "vitest";
import { readScaleLabel } from "../../../core/scale-barcode";
import { addOrMergeLine, lineFromStock } from "./document-lines";
import { decideScan, scaleCandidates, toCandidate } from "./scan-decision";

const candidate = (id: number, barcode: string, batch: { quantity?: string; expire_date?: string | null } = {}) =>
  toCandidate(
    lineFromStock({
      id,
      quantity: batch.quantity ?? "3",
      sale_price: "1",
      expire_date: batch.expire_date ?? null,
      item: { id, name: `I${id}`, barcode, item_type: 1 },
    }),
  );

describe("decideScan", () => {
  it("misses on nothing", () => expect(decideScan([], "1")).toEqual({ kind: "none" }));
  it("takes a single result", () => expect(decideScan([candidate(1, "9")], "1")).toMatchObject({ kind: "pick" }));
  it("takes the single exact barcode match among several", () => {
    expect(decideScan([candidate(1, "123"), candidate(2, "1234")], "123")).toMatchObject({ kind: "pick", item: { barcode: "123" } });
  });
  it("lets the user choose between batches of the same barcode", () => {
    expect(decideScan([candidate(1, "123"), candidate(2, "123")], "123")).toMatchObject({ kind: "choose" });
  });

  describe("when selling", () => {
    const today = "2026-11-25";
    it("takes the one batch in date and in stock without asking", () => {
      const found = [candidate(1, "123", { expire_date: "2026-11-25" }), candidate(2, "123", { expire_date: "2027-01-01" })];
      expect(decideScan(found, "123", today)).toMatchObject({ kind: "pick", item: { line: { stock: 2 } } });
      const emptyBeside = [candidate(3, "123", { quantity: "0" }), candidate(4, "123")];
      expect(decideScan(emptyBeside, "123", today)).toMatchObject({ kind: "pick", item: { line: { stock: 4 } } });
    });
    it("still asks between two batches on the shelf, or when none is", () => {
      expect(decideScan([candidate(1, "123"), candidate(2, "123", { expire_date: "2027-01-01" })], "123", today)).toMatchObject({
        kind: "choose",
      });
      const bothExpired = [candidate(1, "123", { expire_date: "2026-01-01" }), candidate(2, "123", { expire_date: "2026-02-01" })];
      expect(decideScan(bothExpired, "123", today)).toMatchObject({ kind: "choose" });
    });
    it("asks as before outside a sale (a transfer may move the expired batch)", () => {
      const found = [candidate(1, "123", { expire_date: "2026-01-01" }), candidate(2, "123")];
      expect(decideScan(found, "123")).toMatchObject({ kind: "choose" });
    });
  });
});

describe("scaleCandidates", () => {
  const rules = [{ prefix: "21", item_digits: 5, value: "weight" as const, decimals: 3 }];
  const weighed = (id: number, barcode: string) =>
    toCandidate(lineFromStock({ id, quantity: "10", sale_price: "8000", item: { id, name: `I${id}`, barcode, item_type: 1 } }));

  it("gives the label's item the weight as its quantity, and a scan takes it", () => {
    const reading = readScaleLabel("2154321012506", rules)!;
    const found = scaleCandidates([weighed(1, "054321"), weighed(2, "154321")], reading, "2154321012506");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ barcode: "2154321012506", line: { stock: 1, quantity: "1.250", price: "8000.00" } });
    expect(decideScan(found, "2154321012506", "2026-12-02")).toMatchObject({ kind: "pick", item: { line: { stock: 1 } } });
  });

  it("adds a second weighing to the line already there", () => {
    const reading = readScaleLabel("2154321012506", rules)!;
    const [first] = scaleCandidates([weighed(1, "54321")], reading, "2154321012506");
    const added = addOrMergeLine([], first.line);
    const merged = addOrMergeLine(added.kind === "added" ? added.lines : [], first.line);
    expect(merged).toMatchObject({ kind: "merged", lines: [{ quantity: "2.5" }] });
  });
});
