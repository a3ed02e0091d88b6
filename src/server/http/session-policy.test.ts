import { describe, expect, it } from "vitest";
import { DEFAULT_TOKEN_IDLE_DAYS, TOKEN_LIFETIME_DAYS, tokenIdleDaysFromEnv } from "./session-policy";

describe("tokenIdleDaysFromEnv", () => {
  it("reads a positive number of days, capped at the lifetime, and keeps the default otherwise", () => {
    expect(tokenIdleDaysFromEnv(undefined)).toBe(DEFAULT_TOKEN_IDLE_DAYS);
    expect(tokenIdleDaysFromEnv(" 3 ")).toBe(3);
    expect(tokenIdleDaysFromEnv("0.5")).toBe(0.5);
    expect(tokenIdleDaysFromEnv("90")).toBe(TOKEN_LIFETIME_DAYS);
    for (const bad of ["", "0", "-2", "week", "Infinity"]) expect(tokenIdleDaysFromEnv(bad)).toBe(DEFAULT_TOKEN_IDLE_DAYS);
  });
});
