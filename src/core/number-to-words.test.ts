import { describe, expect, it } from "vitest";
import { amountInWords, numberToWords } from "./number-to-words";

const INVALID = "The entered number was not valid";

describe("numberToWords", () => {
  it.each([
    [0, "سفر"],
    [1, "یەک"],
    [9, "نۆ"],
    [10, "دە"],
    [11, "یازدە"],
    [15, "پازدە"],
    [17, "حەڤدە"],
    [19, "نۆزدە"],
    [20, "بیست"],
    [21, "بیست و یەک"],
    [99, "نەوەد و نۆ"],
    [100, "سەد"],
    [101, "سەد و یەک"],
    [200, "دوو سەد"],
    [999, "نۆ سەد و نەوەد و نۆ"],
    [1000, "هەزار"],
    [1001, "هەزار و یەک"],
    [1250, "هەزار و دوو سەد و پەنجا"],
    [2000, "دوو هەزار"],
    [11000, "یازدە هەزار"],
    [100000, "سەد هەزار"],
    [250000, "دوو سەد و پەنجا هەزار"],
    [1000000, "یەک ملیۆن"],
    [1001000, "یەک ملیۆن و هەزار"],
    [2500000, "دوو ملیۆن و پێنج سەد هەزار"],
    [999999999, "نۆ سەد و نەوەد و نۆ ملیۆن و نۆ سەد و نەوەد و نۆ هەزار و نۆ سەد و نەوەد و نۆ"],
  ])("%d -> %s", (input, words) => {
    expect(numberToWords(input)).toBe(words);
  });

  it("writes exactly one billion as the word for one billion", () => {
    expect(numberToWords(1000000000)).toBe("یەک ملیار");
    expect(numberToWords("1000000000")).toBe("یەک ملیار");
  });

  it("spells other ten-digit numbers digit by digit", () => {
    expect(numberToWords(1000000001)).toBe("یەک سفر سفر سفر سفر سفر سفر سفر سفر یەک");
    expect(numberToWords("2345678901")).toBe("دوو سێ چوار پێنج شەش حەوت هەشت نۆ سفر یەک");
  });

  it("accepts strings with separators, Arabic-Indic digits and leading zeros", () => {
    expect(numberToWords("1,250")).toBe("هەزار و دوو سەد و پەنجا");
    expect(numberToWords(" 25 ")).toBe("بیست و پێنج");
    expect(numberToWords("١٢٥٠")).toBe("هەزار و دوو سەد و پەنجا");
    expect(numberToWords("۳۰")).toBe("سی");
    expect(numberToWords("007")).toBe("حەوت");
  });

  it("reads a fraction after the point and negatives with a prefix", () => {
    expect(numberToWords("12.5")).toBe("دوازدە پۆینت پێنج");
    expect(numberToWords("12.05")).toBe("دوازدە پۆینت سفر پێنج");
    expect(numberToWords("12.50")).toBe("دوازدە پۆینت پێنج");
    expect(numberToWords("12.00")).toBe("دوازدە");
    expect(numberToWords(-5)).toBe("سالب پێنج");
    expect(numberToWords("-0")).toBe("سفر");
  });

  it.each(["", "abc", "12a", "1.2.3", "--1", "Infinity", Number.NaN, Number.POSITIVE_INFINITY])(
    "gives the invalid message for %j",
    (input) => {
      expect(numberToWords(input)).toBe(INVALID);
    },
  );

  it("gives the invalid message for values that are not strings or numbers", () => {
    expect(numberToWords(null as unknown as string)).toBe(INVALID);
    expect(numberToWords({} as unknown as string)).toBe(INVALID);
  });
});

describe("amountInWords", () => {
  it("adds the dinar word", () => {
    expect(amountInWords("1250.00", "IQD")).toBe("هەزار و دوو سەد و پەنجا دینار");
    expect(amountInWords(0, "IQD")).toBe("سفر دینار");
  });

  it("adds the dollar word and reads cents", () => {
    expect(amountInWords("12.50", "USD")).toBe("دوازدە دۆلار و پەنجا سەنت");
    expect(amountInWords("100", "usd")).toBe("سەد دۆلار");
    expect(amountInWords("0.05", "USD")).toBe("سفر دۆلار و پێنج سەنت");
  });

  it("rounds to cents half up", () => {
    expect(amountInWords("1.005", "USD")).toBe("یەک دۆلار و یەک سەنت");
  });

  it("handles one billion and negative amounts", () => {
    expect(amountInWords("1000000000", "IQD")).toBe("یەک ملیار دینار");
    expect(amountInWords("-3", "IQD")).toBe("سالب سێ دینار");
  });

  it("writes an unknown currency as its code", () => {
    expect(amountInWords(5, "EUR")).toBe("پێنج EUR");
  });

  it("gives the invalid message for garbage", () => {
    expect(amountInWords("x", "IQD")).toBe(INVALID);
    expect(amountInWords(Number.NaN, "USD")).toBe(INVALID);
  });

  it("accepts Arabic-Indic digits and thousands separators", () => {
    expect(amountInWords("٢,٠٠٠", "IQD")).toBe("دوو هەزار دینار");
  });
});
