import { describe, expect, it } from "vitest";
import { object, string } from "yup";
import {
  amountField,
  decimalField,
  idList,
  isoDateField,
  optionalId,
  quantityField,
  requiredId,
  toFieldErrors,
  validateBody,
  validateBodySync,
} from "./common";

const check = (schema: { validateSync(value: unknown): unknown }, value: unknown): string | null => {
  try {
    schema.validateSync(value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe("decimalField", () => {
  it("accepts decimal strings and numbers, giving a string", () => {
    expect(amountField().validateSync("1250.50")).toBe("1250.50");
    expect(amountField().validateSync(12.5)).toBe("12.5");
    expect(amountField().validateSync(" 7 ")).toBe("7");
    expect(amountField().validateSync(undefined)).toBeUndefined();
  });
  it("treats an empty input as missing", () => {
    expect(amountField().validateSync("")).toBeUndefined();
    expect(check(amountField().required(), "")).toBe("This field is required");
  });
  it("rejects garbage, negatives, extra decimals and huge values", () => {
    expect(check(amountField(), "12a")).toBe("must be a number");
    expect(check(amountField(), "1e5")).toBe("must be a number");
    expect(check(amountField(), Number.NaN)).toBe("must be a number");
    expect(check(amountField(), "-0.01")).toBe("greater than or equal to 0");
    expect(check(amountField(), "1.234")).toBe("at most 2 decimal places");
    expect(check(amountField(), "1000000000000000")).toBe("less than 1000000000000000");
  });
  it("allows 3 decimals for quantities, trailing zeros not counted", () => {
    expect(check(quantityField(), "1.234")).toBeNull();
    expect(check(quantityField(), "1.2345")).toBe("at most 3 decimal places");
    expect(check(amountField(), "1.5000")).toBeNull();
  });
  it("supports positive-only and signed fields", () => {
    expect(check(decimalField({ sign: "positive" }), "0")).toBe("must be positive");
    expect(check(decimalField({ sign: "any" }), "-5")).toBeNull();
  });
});

describe("ids", () => {
  it("requires positive integers and reads select strings", () => {
    expect(requiredId().validateSync("5")).toBe(5);
    expect(check(requiredId(), "")).toBe("This field is required");
    expect(check(requiredId(), 0)).toBe("must be positive");
    expect(check(requiredId(), 1.5)).toBe("must be an integer");
    expect(check(requiredId(), "x")).toBe("must be a number");
  });
  it("optional ids turn an empty select into null", () => {
    expect(optionalId().validateSync("")).toBeNull();
    expect(optionalId().validateSync(null)).toBeNull();
    expect(optionalId().validateSync(3)).toBe(3);
  });
  it("id lists must be non-empty", () => {
    expect(idList().validateSync(["1", 2])).toEqual([1, 2]);
    expect(check(idList(), [])).toBe("must have at least 1 items");
    expect(check(idList("Pick one"), [])).toBe("Pick one");
  });
});

describe("isoDateField", () => {
  it("accepts real yyyy-MM-dd dates only", () => {
    expect(isoDateField().validateSync("2024-02-29")).toBe("2024-02-29");
    expect(check(isoDateField(), "2023-02-29")).toBe("must be a valid date");
    expect(check(isoDateField(), "29/02/2024")).toBe("must be a valid date");
    expect(check(isoDateField().required(), "")).toBe("This field is required");
  });
});

describe("validateBody", () => {
  const schema = object({ name: string().trim().required().max(3), code: string().required() });

  it("gives the cast value and strips unknown keys", async () => {
    expect(await validateBody(schema, { name: " ab ", code: "x", created_by: 9 })).toEqual({
      ok: true,
      value: { name: "ab", code: "x" },
    });
  });

  it("collects every field error in the 400 shape", async () => {
    expect(await validateBody(schema, { name: "abcd" })).toEqual({
      ok: false,
      errors: { name: ["at most 3 characters"], code: ["This field is required"] },
    });
    expect(validateBodySync(schema, {})).toEqual({
      ok: false,
      errors: { name: ["This field is required"], code: ["This field is required"] },
    });
  });

  it("puts a pathless error under message", () => {
    const result = validateBodySync(string().required(), undefined);
    expect(result).toEqual({ ok: false, errors: { message: ["This field is required"] } });
  });

  it("toFieldErrors keeps several messages of one field once each", () => {
    try {
      object({ a: string().min(5).matches(/^\d+$/) }).validateSync({ a: "ab" }, { abortEarly: false });
    } catch (error) {
      expect(toFieldErrors(error as never)).toEqual({ a: ["must contain at least 5 characters", "is invalid"] });
    }
    expect.assertions(1);
  });
});
