import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { freshDb } from "../offline/test-support";

/** localStorage as browsers have it: the stored keys are the object's own keys (Object.keys lists them). */
class MemoryStorage {
  getItem(key: string): string | null {
    return Object.hasOwn(this, key) ? String((this as unknown as Record<string, string>)[key]) : null;
  }
  setItem(key: string, value: string): void {
    (this as unknown as Record<string, string>)[key] = String(value);
  }
  removeItem(key: string): void {
    delete (this as unknown as Record<string, string>)[key];
  }
  clear(): void {
    for (const key of Object.keys(this)) this.removeItem(key);
  }
  get length(): number {
    return Object.keys(this).length;
  }
  key(index: number): string | null {
    return Object.keys(this)[index] ?? null;
  }
}

const storage = new MemoryStorage();
vi.stubGlobal("localStorage", storage);
vi.stubEnv("VITE_SERVER_URL", "http://server.test");
const { appStore, currentSidebarAtom, storedUserAtom, tokenAtom } = await import("./app-state");
const { api } = await import("./api-client");
const { registerNavigate } = await import("./navigate");
const { logout } = await import("./session");

const USER = { id: 7, username: "cashier" };

/** A signed-in device: preferences, session, a saved list query, a moved sidebar, the kept dashboard and screen. */
function signedInDevice(): void {
  storage.clear();
  storage.setItem("bo.language", JSON.stringify("ckb"));
  storage.setItem("bo.theme", JSON.stringify("dark"));
  appStore.set(tokenAtom, "secret-token");
  appStore.set(storedUserAtom, USER as never);
  appStore.set(currentSidebarAtom, "accounting");
  storage.setItem("bo.list-query.Items", JSON.stringify({ page: 3, search: "rice" }));
  storage.setItem("bo.dashboard.7", JSON.stringify({ v: 1, at: "2026-12-01T08:00:00Z" }));
  storage.setItem("bo.kept-screen", "<main>figures</main>");
}

async function queueOneCreate() {
  const db = freshDb();
  await db.outbox.add({ status: "pending", user_id: 7, resource: "customer/", body: { name: "Sara" } } as never);
  return db;
}

function answer(status: number): Response {
  return new Response(status === 204 ? null : JSON.stringify({ detail: "x" }), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  vi.stubGlobal("localStorage", storage);
  signedInDevice();
  registerNavigate(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe("ending the session on the device", () => {
  const expectOnlyPreferencesLeft = () => {
    expect(Object.keys(storage).sort()).toEqual(["bo.language", "bo.theme"]);
    expect(storage.getItem("bo.language")).toBe(JSON.stringify("ckb"));
    expect(appStore.get(tokenAtom)).toBeNull();
    expect(appStore.get(storedUserAtom)).toBeNull();
    // The sidebar is back to its default in memory too, not only in storage.
    expect(appStore.get(currentSidebarAtom)).toBe("stock");
  };

  it("a 401 keeps only the language and theme in localStorage, and the outbox in IndexedDB", async () => {
    const db = await queueOneCreate();
    const navigations: string[] = [];
    registerNavigate((to) => navigations.push(to));
    vi.stubGlobal("fetch", () => Promise.resolve(answer(401)));
    await expect(api.get("item/").json()).rejects.toThrow();
    expectOnlyPreferencesLeft();
    expect(storage.getItem("bo.dashboard.7")).toBeNull();
    expect(await db.outbox.count()).toBe(1);
    expect(navigations).toEqual(["/"]);
  });

  it("logout clears the same, and leaves the outbox", async () => {
    const db = await queueOneCreate();
    vi.stubGlobal("fetch", () => Promise.resolve(answer(204)));
    expect(await logout()).toBe(true);
    expectOnlyPreferencesLeft();
    expect(storage.getItem("bo.list-query.Items")).toBeNull();
    expect(await db.outbox.count()).toBe(1);
  });
});
