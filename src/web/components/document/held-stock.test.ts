import { describe, expect, it } from "vitest";
import { addOrMergeLine, lineFromStock, lineProblem } from "./document-lines";
import { creditHeld, heldStock, linesWithHeld, remainingWithHeld } from "./held-stock";

const item = { id: 3, name: "Rice", barcode: "111", item_type: 1 };
const line = (stock: number, quantity: string) => ({
  ...lineFromStock({ id: stock, sale_price: "1000", item }),
  quantity,
  available: null,
});

describe("stock held by a sale being edited", () => {
  it("remaining = cached quantity + the sale's own original quantity of that row", () => {
    const original = [line(1, "3"), line(2, "1.5"), { ...line(9, "1"), stock: null, key: "i9" }];
    const held = heldStock(original);
    expect(held.get(1)?.toString()).toBe("3");
    expect(remainingWithHeld(1, "2", held)).toBe("5");
    expect(remainingWithHeld(2, 0, held)).toBe("1.5");
    expect(remainingWithHeld(7, "4", held)).toBe("4");
    expect(remainingWithHeld(1, undefined, held)).toBeNull(); // not cached: the server checks
    const shown = linesWithHeld(
      original,
      new Map<number, unknown>([
        [1, "2"],
        [2, "0"],
      ]),
    );
    expect(shown.map((l) => l.available)).toEqual(["5", "1.5", null]);
  });

  it("the edit may use what the sale held, not more", () => {
    const [shown] = linesWithHeld([line(1, "3")], new Map([[1, "2"]]));
    expect(lineProblem({ ...shown, quantity: "5" }, true)).toBeNull();
    expect(lineProblem({ ...shown, quantity: "6" }, true)).toBe("Quantity is greater than stock quantity");
  });

  it("a scan of a row the sale holds counts the held quantity too", () => {
    const held = heldStock([line(1, "3")]);
    const scanned = lineFromStock({ id: 1, quantity: "0", sale_price: "1000", item }); // all of it is in this sale
    expect(creditHeld(scanned, held).available).toBe("3");
    expect(addOrMergeLine([], creditHeld(scanned, held), { checkStock: true }).kind).toBe("added");
    expect(addOrMergeLine([], scanned, { checkStock: true }).kind).toBe("refused");
    const other = lineFromStock({ id: 2, quantity: "4", sale_price: "1000", item });
    expect(creditHeld(other, held)).toBe(other);
  });
});
