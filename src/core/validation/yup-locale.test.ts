import { describe, expect, it } from "vitest";
import { array, boolean, date, number, object, string } from "yup";
import { installYupLocale } from "./yup-locale";

installYupLocale();

const errorOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a validation error");
};

describe("installYupLocale", () => {
  it("is idempotent", () => {
    installYupLocale();
    installYupLocale();
    expect(errorOf(() => string().required().validateSync(undefined))).toBe("This field is required");
  });

  it("gives SPEC's generic string messages", () => {
    expect(errorOf(() => string().required().validateSync(""))).toBe("This field is required");
    expect(errorOf(() => string().min(3).validateSync("ab"))).toBe("must contain at least 3 characters");
    expect(errorOf(() => string().max(5).validateSync("abcdef"))).toBe("at most 5 characters");
    expect(errorOf(() => string().email().validateSync("nope"))).toBe("must be a valid email");
    expect(errorOf(() => string().length(4).validateSync("abc"))).toBe("must be exactly 4 characters");
  });

  it("gives SPEC's generic number messages", () => {
    expect(errorOf(() => number().validateSync("abc"))).toBe("must be a number");
    expect(errorOf(() => number().moreThan(2).validateSync(2))).toBe("greater than 2");
    expect(errorOf(() => number().min(2).validateSync(1))).toBe("greater than or equal to 2");
    expect(errorOf(() => number().lessThan(10).validateSync(10))).toBe("less than 10");
    expect(errorOf(() => number().max(10).validateSync(11))).toBe("less than or equal to 10");
    expect(errorOf(() => number().positive().validateSync(0))).toBe("must be positive");
    expect(errorOf(() => number().integer().validateSync(1.5))).toBe("must be an integer");
  });

  it("covers the other types without yup's English defaults or the field path", () => {
    expect(errorOf(() => number().oneOf([1, 2]).validateSync(3))).toBe("must be one of the following values: 1, 2");
    expect(errorOf(() => array().min(1).validateSync([]))).toBe("must have at least 1 items");
    expect(errorOf(() => date().validateSync("garbage"))).toBe("must be a valid date");
    expect(errorOf(() => boolean().isTrue().validateSync(false))).toBe("must be true");
    expect(errorOf(() => string().nonNullable().validateSync(null))).toBe("This field is required");
    expect(errorOf(() => object({ a: string() }).noUnknown().validateSync({ a: "x", b: 1 }, { strict: true }))).toBe(
      "has unknown fields: b",
    );
    const nested = errorOf(() => object({ first_name: string().required() }).validateSync({}));
    expect(nested).toBe("This field is required");
  });
});
