import { describe, expect, it } from "vitest";
import { lineFromStock } from "./document-lines";
import { decideScan, toCandidate } from "./scan-decision";

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
