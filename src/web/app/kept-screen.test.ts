import { describe, expect, it } from "vitest";
import { parseKeptScreen, screenConditions } from "./kept-screen";

/** A device's localStorage as the entry reads it. */
const device = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

const manager = JSON.stringify({ id: 7, first_name: "Rawa", permissions: ["view_sale"], branches: [{ id: 1 }] });
const storage = { "bo.user": manager, "bo.language": '"ckb"', "bo.theme": '"light"', "bo.drawerOpen": "true" };
const morning = new Date(2026, 10, 28, 8, 30);
const conditions = screenConditions(device(storage), false, morning);
/** A record as keepScreen writes it, with `change` applied. */
const stored = (change: Record<string, unknown> = {}) =>
  JSON.stringify({
    v: 1,
    conditions,
    html: "<div class='shell'>…</div>",
    styles: ["/assets/shell.css"],
    lang: "ckb",
    dir: "rtl",
    ...change,
  });

describe("the first screen kept on the device", () => {
  it("is drawn again under the conditions it was taken in, later the same day", () => {
    const evening = screenConditions(device(storage), false, new Date(2026, 10, 28, 21, 5));
    expect(parseKeptScreen(stored(), evening)).toMatchObject({
      html: "<div class='shell'>…</div>",
      styles: ["/assets/shell.css"],
      dir: "rtl",
    });
  });

  it("is not drawn on another day: the day's figures would be yesterday's", () => {
    expect(parseKeptScreen(stored(), screenConditions(device(storage), false, new Date(2026, 10, 29, 8, 30)))).toBeNull();
  });

  it("is not drawn when the user's record changed: another user, a permission or a branch taken away, a new name", () => {
    for (const user of [
      { id: 8, first_name: "Rawa", permissions: ["view_sale"], branches: [{ id: 1 }] },
      { id: 7, first_name: "Rawa", permissions: [], branches: [{ id: 1 }] },
      { id: 7, first_name: "Rawa", permissions: ["view_sale"], branches: [] },
      { id: 7, first_name: "Sara", permissions: ["view_sale"], branches: [{ id: 1 }] },
    ])
      expect(
        parseKeptScreen(stored(), screenConditions(device({ ...storage, "bo.user": JSON.stringify(user) }), false, morning)),
      ).toBeNull();
    expect(parseKeptScreen(stored(), screenConditions(device({ ...storage, "bo.user": "" }), false, morning))).toBeNull();
  });

  it("is not drawn in another language, theme, sidebar state or side of the wide-screen breakpoint", () => {
    expect(parseKeptScreen(stored(), screenConditions(device({ ...storage, "bo.language": '"en"' }), false, morning))).toBeNull();
    expect(parseKeptScreen(stored(), screenConditions(device({ ...storage, "bo.theme": '"dark"' }), false, morning))).toBeNull();
    expect(parseKeptScreen(stored(), screenConditions(device({ ...storage, "bo.drawerOpen": "false" }), false, morning))).toBeNull();
    expect(parseKeptScreen(stored(), screenConditions(device(storage), true, morning))).toBeNull();
  });

  it("ignores what is not a record of this version", () => {
    for (const text of [
      null,
      "",
      "not json",
      "null",
      "[]",
      stored({ v: 2 }),
      stored({ html: 3 }),
      stored({ styles: "/a.css" }),
      stored({ styles: [1] }),
      stored({ dir: "up" }),
    ])
      expect(parseKeptScreen(text, conditions)).toBeNull();
  });
});
