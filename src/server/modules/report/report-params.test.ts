import { describe, expect, it } from "vitest";
import { HttpError } from "../../http/errors";
import { dateRange, idList, oneOf, requiredId, wholeNumber } from "./report-params";

/** The field errors a reader throws, or null when it reads. */
function errorsOf(read: () => unknown): unknown {
  try {
    read();
    return null;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, body: error.body };
    throw error;
  }
}

describe("report parameters", () => {
  it("read an id list, or one message for any wrong id", () => {
    expect(idList({ branch: "1, 2" }, "branch")).toEqual([1, 2]);
    expect(idList({}, "branch")).toEqual([]);
    for (const raw of ["abc", "1,-2", "0", "1.5", "99999999999"]) {
      expect(
        errorsOf(() => idList({ branch: raw }, "branch")),
        raw,
      ).toEqual({ status: 400, body: { branch: ["must be a number"] } });
    }
  });

  it("read one required id: absent is required, a list or a repeat is wrong", () => {
    expect(requiredId({ cashbox: "7" }, "cashbox")).toBe(7);
    for (const q of [{}, { cashbox: "" }]) {
      expect(errorsOf(() => requiredId(q, "cashbox"))).toEqual({ status: 400, body: { cashbox: ["This field is required"] } });
    }
    for (const raw of ["abc", "0", "1,2", ["3", "3"]]) {
      expect(
        errorsOf(() => requiredId({ cashbox: raw }, "cashbox")),
        String(raw),
      ).toEqual({ status: 400, body: { cashbox: ["must be a number"] } });
    }
  });

  it("read a choice with its fallback", () => {
    expect(oneOf({}, "scope", ["inventory", "branch"], "inventory")).toBe("inventory");
    expect(oneOf({ scope: ["inventory", "branch"] }, "scope", ["inventory", "branch"], "inventory")).toBe("branch");
    expect(errorsOf(() => oneOf({ scope: "shelf" }, "scope", ["inventory", "branch"], "inventory"))).toEqual({
      status: 400,
      body: { scope: ["must be one of the following values: inventory, branch"] },
    });
  });

  it("read a whole number up to its bound", () => {
    expect(wholeNumber({}, "within_days", 30, 3650)).toBe(30);
    expect(wholeNumber({ within_days: "0" }, "within_days", 30, 3650)).toBe(0);
    expect(errorsOf(() => wholeNumber({ within_days: "-1" }, "within_days", 30, 3650))).toEqual({
      status: 400,
      body: { within_days: ["must be an integer"] },
    });
    expect(errorsOf(() => wholeNumber({ within_days: "3651" }, "within_days", 30, 3650))).toEqual({
      status: 400,
      body: { within_days: ["less than or equal to 3650"] },
    });
  });

  it("read a date range whose start is not after its end", () => {
    expect(dateRange({ start_date: "2026-01-01", end_date: "2026-01-31" })).toEqual({ startDate: "2026-01-01", endDate: "2026-01-31" });
    expect(errorsOf(() => dateRange({ start_date: "2026-02-01", end_date: "2026-01-31" }))).toMatchObject({ status: 400 });
  });
});
