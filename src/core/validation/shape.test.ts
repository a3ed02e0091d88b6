import { describe, expect, it } from "vitest";
import { array, boolean, number, object, string } from "yup";
import { MESSAGES } from "../messages";
import { shapeErrors } from "./shape";

const schema = object({
  name: string().trim().required(),
  count: number(),
  active: boolean(),
  items: array().of(object({ quantity: string(), note: string().trim() })),
  meta: object({ code: string() }),
});
const check = (value: unknown) => shapeErrors(schema.describe(), value);

describe("shapeErrors", () => {
  it("passes a body of the right kinds, missing and null fields included", () => {
    expect(check({ name: "a", count: 1, active: true, items: [{ quantity: "1" }], meta: { code: "x" } })).toEqual({});
    expect(check({ name: null, items: undefined })).toEqual({});
  });

  it("reports a list where a single value belongs, and an object where a text does, at its path", () => {
    expect(check({ name: [], count: [1], active: [true], items: [{ note: ["x"] }], meta: { code: {} } })).toEqual({
      name: [MESSAGES.stringType],
      "meta.code": [MESSAGES.stringType],
      count: [MESSAGES.number],
      active: [MESSAGES.booleanType],
      "items[0].note": [MESSAGES.stringType],
    });
  });

  it("leaves other kinds to yup, whose transforms may take them (a reference as {id, name})", () => {
    expect(check({ count: { id: 1, name: "x" }, items: "x", meta: 5 })).toEqual({});
    expect(check([])).toEqual({});
  });

  it("is what keeps yup's trim from throwing on a list", async () => {
    await expect(schema.validate({ name: [] })).rejects.toThrow(TypeError);
  });
});
