import { describe, expect, it } from "vitest";
import { findSyncedDocument, pendingTokenOf, rememberPendingToken, type ListReader } from "./synced-document";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe("a pending document's way to its synced self", () => {
  it("keeps the entry's form_token per resource and entry, across a reload", () => {
    const storage = memoryStorage();
    rememberPendingToken(storage, "sale/", 7, "3-1700000000000-aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee");
    expect(pendingTokenOf(storage, "sale/", 7)).toBe("3-1700000000000-aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee");
    expect(pendingTokenOf(storage, "sale/", 8)).toBeNull();
    expect(pendingTokenOf(storage, "accounting/receipt/", 7)).toBeNull();
  });

  it("asks the list for the document booked with that token, and says null when there is none", async () => {
    const asked: Record<string, string>[] = [];
    const booked: ListReader = (resource, params) => {
      asked.push({ resource, ...params });
      return Promise.resolve({ count: 1, next: null, previous: null, results: [{ id: 4242 }] });
    };
    expect(await findSyncedDocument(booked, "sale/", "tok")).toBe(4242);
    expect(asked).toEqual([{ resource: "sale/", form_token: "tok", page_size: "1" }]);
    const none: ListReader = () => Promise.resolve({ count: 0, next: null, previous: null, results: [] });
    expect(await findSyncedDocument(none, "sale/", "tok")).toBeNull();
  });
});
