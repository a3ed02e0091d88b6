import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { parkedSales, parkSale, takeParkedSale } from "./parked-sales";
import { freshDb } from "./test-support";

describe("parked counter sales", () => {
  it("parks on the device per user and gives a sale back once", async () => {
    const db = freshDb();
    const first = await parkSale(db, 7, { label: "Aram · 1,000", draft: { items: [1] } });
    await parkSale(db, 7, { label: "Walk-in · 500", draft: { items: [2] } });
    await parkSale(db, 8, { label: "Other cashier", draft: { items: [3] } });
    expect((await parkedSales(db, 7)).map((p) => p.label)).toEqual(["Walk-in · 500", "Aram · 1,000"]);
    expect((await takeParkedSale(db, 7, first.id))?.draft).toEqual({ items: [1] });
    expect(await takeParkedSale(db, 7, first.id)).toBeNull();
    expect((await parkedSales(db, 7)).map((p) => p.label)).toEqual(["Walk-in · 500"]);
    expect(await parkedSales(db, 8)).toHaveLength(1);
  });
});
