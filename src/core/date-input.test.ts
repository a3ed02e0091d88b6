import { describe, expect, it } from "vitest";
import { dateInputValue, displayDateInput, expandTwoDigitYear, parseDateInput, toAsciiDigits } from "./date-input";

const iso = (text: string, order?: "dmy" | "mdy" | "ymd") => {
  const result = parseDateInput(text, order);
  return result.kind === "date" ? result.iso : result.kind;
};
const problem = (text: string) => {
  const result = parseDateInput(text);
  return result.kind === "invalid" ? result.problem : result.kind;
};

describe("parseDateInput", () => {
  it("reads day/month/year by default, with / - . or spaces", () => {
    expect(iso("21/11/2026")).toBe("2026-11-21");
    expect(iso("21-11-2026")).toBe("2026-11-21");
    expect(iso("21.11.2026")).toBe("2026-11-21");
    expect(iso(" 21 11 2026 ")).toBe("2026-11-21");
    expect(iso("5/3/2024")).toBe("2024-03-05");
  });
  it("follows the order it is given", () => {
    expect(iso("03/05/2024", "mdy")).toBe("2024-03-05");
    expect(iso("2024/03/05", "ymd")).toBe("2024-03-05");
    expect(iso("05/03/2024", "dmy")).toBe("2024-03-05");
  });
  it("reads a four-digit year first as year-month-day (the stored form, pasted)", () => {
    expect(iso("2026-11-21")).toBe("2026-11-21");
    expect(iso("2026/1/2")).toBe("2026-01-02");
  });
  it("reads digits run together: day+month then year", () => {
    expect(iso("2111 2026")).toBe("2026-11-21");
    expect(iso("2111 26")).toBe("2026-11-21");
    expect(iso("21112026")).toBe("2026-11-21");
    expect(iso("211126")).toBe("2026-11-21");
    expect(iso("20261121", "ymd")).toBe("2026-11-21");
    expect(iso("2026 1121", "ymd")).toBe("2026-11-21");
    expect(iso("11212026", "mdy")).toBe("2026-11-21");
  });
  it("expands two-digit years with the fixed window 00-49 -> 20xx, 50-99 -> 19xx", () => {
    expect(iso("21/11/26")).toBe("2026-11-21");
    expect(iso("05/03/49")).toBe("2049-03-05");
    expect(iso("05/03/50")).toBe("1950-03-05");
    expect(iso("05/03/99")).toBe("1999-03-05");
    expect(iso("05/03/00")).toBe("2000-03-05");
    expect(iso("00/01/01", "ymd")).toBe("2000-01-01");
    expect(expandTwoDigitYear(0)).toBe(2000);
    expect(expandTwoDigitYear(75)).toBe(1975);
  });
  it("reads Arabic-Indic and Extended Arabic-Indic digits and the Arabic date separator", () => {
    expect(iso("٢١/١١/٢٠٢٦")).toBe("2026-11-21");
    expect(iso("۲۱/۱۱/۲۰۲۶")).toBe("2026-11-21");
    expect(iso("٢١١١ ٢٠٢٦")).toBe("2026-11-21");
    expect(iso("٢١؍١١؍٢٦")).toBe("2026-11-21");
    expect(iso("\u200F21/11/2026\u200F")).toBe("2026-11-21");
  });
  it("refuses days that do not exist", () => {
    expect(problem("31/02/2026")).toBe("no_such_date");
    expect(problem("29/02/2023")).toBe("no_such_date");
    expect(problem("31/04/2026")).toBe("no_such_date");
    expect(problem("13/13/2026")).toBe("no_such_date");
    expect(problem("00/01/2026")).toBe("no_such_date");
    expect(problem("21/00/2026")).toBe("no_such_date");
    expect(iso("29/02/2024")).toBe("2024-02-29");
  });
  it("refuses text that is not in a date shape", () => {
    for (const text of [
      "21/11",
      "21/11/202",
      "21/11/20266",
      "0021/11/01",
      "123/1/2024",
      "aa/bb/cccc",
      "21/11/2026/1",
      "2111",
      "21 11 2026x",
      "2111 202",
      "21 112026",
    ]) {
      expect(problem(text), text).toBe("format");
    }
  });
  it("gives empty for blank text", () => {
    expect(parseDateInput("").kind).toBe("empty");
    expect(parseDateInput("   ").kind).toBe("empty");
  });
});

describe("display and form value", () => {
  it("shows a stored date as DD/MM/YYYY and anything else as it is", () => {
    expect(displayDateInput("2026-11-21")).toBe("21/11/2026");
    expect(displayDateInput("")).toBe("");
    expect(displayDateInput(null)).toBe("");
    expect(displayDateInput("31/02/2026")).toBe("31/02/2026");
  });
  it("hands the form the stored form, empty, or the text as typed", () => {
    expect(dateInputValue("٢١/١١/٢٦")).toBe("2026-11-21");
    expect(dateInputValue(" ")).toBe("");
    expect(dateInputValue("31/02/2026")).toBe("31/02/2026");
  });
  it("converts only Arabic digits", () => {
    expect(toAsciiDigits("٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ abc 12")).toBe("0123456789 0123456789 abc 12");
  });
});
