import { describe, expect, it } from "vitest";
import { number, object } from "yup";
import { maskLocalKeys } from "./local-key-mask";

describe("maskLocalKeys", () => {
  it("validates a provisional key as an id and gives it back in the body", () => {
    const schema = object({ item_group: number().integer().positive().required(), other: number().nullable() });
    const { masked, unmask } = maskLocalKeys({ item_group: "local-abc", other: 4 });
    expect(schema.isValidSync(masked)).toBe(true);
    expect(unmask(schema.cast(masked))).toEqual({ item_group: "local-abc", other: 4 });
  });

  it("leaves values without keys alone", () => {
    const values = { a: [1, 2], b: "x" };
    expect(maskLocalKeys(values).masked).toEqual(values);
    expect(maskLocalKeys(values).unmask(values)).toBe(values);
  });
});
