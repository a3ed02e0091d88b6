import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { freshDb } from "./test-support";
import { clearViewedRecords, readViewedRecord, saveViewedRecord, VIEWED_RECORDS_KEPT } from "./viewed-records";

describe("documents kept for offline viewing", () => {
  it("gives a user back only the copies they viewed, the last answer winning", async () => {
    const db = freshDb();
    await saveViewedRecord(db, 1, "sale/5/", { id: 5, paid_amount: "0" });
    await saveViewedRecord(db, 1, "sale/5/", { id: 5, paid_amount: "10" });
    await saveViewedRecord(db, 2, "sale/6/", { id: 6 });
    expect(await readViewedRecord(db, 1, "sale/5/")).toEqual({ id: 5, paid_amount: "10" });
    expect(await readViewedRecord(db, 1, "sale/6/")).toBeNull();
    expect(await readViewedRecord(db, 2, "sale/5/")).toBeNull();
    db.close();
  });

  it("keeps the newest copies when the cap is reached, and forgets them all when the session ends", async () => {
    const db = freshDb();
    for (let i = 0; i <= VIEWED_RECORDS_KEPT; i++) await saveViewedRecord(db, 1, `sale/${i}/`, { id: i }, 1_000 + i);
    expect(await db.viewed_record.count()).toBe(VIEWED_RECORDS_KEPT);
    expect(await readViewedRecord(db, 1, "sale/0/")).toBeNull();
    expect(await readViewedRecord(db, 1, `sale/${VIEWED_RECORDS_KEPT}/`)).toEqual({ id: VIEWED_RECORDS_KEPT });
    await clearViewedRecords(db);
    expect(await db.viewed_record.count()).toBe(0);
    db.close();
  });
});
