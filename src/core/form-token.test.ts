import { describe, expect, it } from "vitest";
import { isFormTokenOf, newFormToken, parseFormToken } from "./form-token";

describe("form tokens", () => {
  it("joins user id, timestamp and a UUID", () => {
    const token = newFormToken(7, 1732200000000);
    expect(token).toMatch(/^7-1732200000000-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("uses the current time by default", () => {
    const before = Date.now();
    const parsed = parseFormToken(newFormToken(3));
    expect(parsed?.timestamp).toBeGreaterThanOrEqual(before);
    expect(parsed?.timestamp).toBeLessThanOrEqual(Date.now());
  });

  it("is unique per call", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newFormToken(1, 1)));
    expect(tokens.size).toBe(200);
  });

  it("parses back into its parts", () => {
    const token = newFormToken(42, 1700000000000);
    const parsed = parseFormToken(token);
    expect(parsed).toMatchObject({ userId: 42, timestamp: 1700000000000 });
    expect(token.endsWith(parsed!.uuid)).toBe(true);
  });

  it("rejects malformed tokens", () => {
    expect(parseFormToken("")).toBeNull();
    expect(parseFormToken("abc")).toBeNull();
    expect(parseFormToken("7-123-not-a-uuid")).toBeNull();
    expect(parseFormToken(`x-1-${globalThis.crypto.randomUUID()}`)).toBeNull();
    expect(parseFormToken(`7-1-${globalThis.crypto.randomUUID()}${"x".repeat(100)}`)).toBeNull();
  });

  it("checks the token belongs to its user", () => {
    const token = newFormToken(5);
    expect(isFormTokenOf(token, 5)).toBe(true);
    expect(isFormTokenOf(token, 55)).toBe(false);
    expect(isFormTokenOf("junk", 5)).toBe(false);
  });
});
