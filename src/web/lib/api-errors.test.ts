import { describe, expect, it } from "vitest";
import { errorAction, fieldErrorsFromBody, fieldLabel, firstMessage, messageFromBody, REFRESH_MESSAGE } from "./api-errors";

const upper = (text: string) => text.toUpperCase();

describe("errorAction", () => {
  it("clears the session on 401 whatever the body", () => {
    expect(errorAction(401, { message: "x" }, upper)).toEqual({ kind: "unauthorized" });
  });

  it("asks for a refresh on 423", () => {
    expect(errorAction(423, { message: "Stale" }, upper)).toEqual({
      kind: "toast",
      lines: [REFRESH_MESSAGE.toUpperCase()],
      duration: 4000,
    });
  });

  it("translates a message body", () => {
    expect(errorAction(400, { message: "Cashbox balance is not enough" }, upper)).toEqual({
      kind: "toast",
      lines: ["CASHBOX BALANCE IS NOT ENOUGH"],
      duration: 4000,
    });
  });

  it("lists every field with underscores as spaces and its first message", () => {
    const action = errorAction(400, { unit_price: ["must be positive", "other"], name: "taken" }, (t) => t);
    expect(action).toEqual({ kind: "toast", lines: ["unit price: must be positive", "name: taken"], duration: 4000 });
  });

  it("shows nothing for an empty or non-object body", () => {
    expect(errorAction(500, null, upper)).toEqual({ kind: "none" });
    expect(errorAction(500, "oops", upper)).toEqual({ kind: "none" });
    expect(errorAction(400, {}, upper)).toEqual({ kind: "none" });
  });
});

describe("field errors", () => {
  it("maps each field to its first translated message", () => {
    expect(fieldErrorsFromBody({ name: ["This field is required"], lines: [{ quantity: ["x"] }] }, upper)).toEqual({
      name: "THIS FIELD IS REQUIRED",
      lines: "X",
    });
  });

  it("has no field errors for a message body", () => {
    expect(fieldErrorsFromBody({ message: "Item not found" }, upper)).toEqual({});
    expect(messageFromBody({ message: "Item not found" }, upper)).toBe("ITEM NOT FOUND");
    expect(messageFromBody({ name: ["x"] }, upper)).toBeNull();
  });

  it("helpers", () => {
    expect(fieldLabel("a_b_c")).toBe("a b c");
    expect(firstMessage([])).toBe("");
    expect(firstMessage(5)).toBe("5");
  });
});
