import { describe, expect, it } from "vitest";
import { refId, refName } from "./ref-value";

describe("reference values", () => {
  it("reads ids from numbers, numeric strings and objects", () => {
    expect(refId(3)).toBe(3);
    expect(refId("4")).toBe(4);
    expect(refId({ id: 5, name: "x" })).toBe(5);
    expect(refId(null)).toBeNull();
    expect(refId("")).toBeNull();
  });
  it("reads names from nested objects or <field>_name", () => {
    expect(refName({ city: { id: 1, name: "Erbil" } }, "city")).toBe("Erbil");
    expect(refName({ city: 1, city_name: "Duhok" }, "city")).toBe("Duhok");
    expect(refName({ city: 1 }, "city")).toBe("");
  });
});
