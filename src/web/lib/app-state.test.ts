import { atom } from "jotai";
import { describe, expect, it, vi } from "vitest";

// The persisted atoms read localStorage when the module loads; unit tests run in Node without one.
const stored = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
});
const { appStore, setIfChanged } = await import("./app-state");

describe("setIfChanged", () => {
  it("keeps the held value (and so its subscribers quiet) when the new one has the same content", () => {
    const target = atom<{ id: number; permissions: string[] } | null>({ id: 1, permissions: ["view_sale"] });
    const held = appStore.get(target);
    let renders = 0;
    const unsubscribe = appStore.sub(target, () => renders++);
    setIfChanged(target, { id: 1, permissions: ["view_sale"] });
    expect(appStore.get(target)).toBe(held);
    expect(renders).toBe(0);
    setIfChanged(target, { id: 1, permissions: ["view_sale", "add_sale"] });
    expect(appStore.get(target)).toEqual({ id: 1, permissions: ["view_sale", "add_sale"] });
    expect(renders).toBe(1);
    setIfChanged(target, null);
    expect(appStore.get(target)).toBeNull();
    expect(renders).toBe(2);
    unsubscribe();
  });
});
