import { describe, expect, it } from "vitest";
import { COLUMN_TITLES } from "../../core/column-titles";
import { columnTitle, languageOfHeader, parsePoCatalog, translateText } from "./export-language";
import { columnLetters, escapeXml } from "./xlsx-stream";

describe("export language", () => {
  it("picks the first product language of Accept-Language by weight", () => {
    expect(languageOfHeader("ar-IQ,ar;q=0.9,en;q=0.8")).toBe("ar");
    expect(languageOfHeader("fr;q=1, ckb;q=0.5, en;q=0.7")).toBe("en");
    expect(languageOfHeader("fr, ckb;q=0.5")).toBe("ckb");
    expect(languageOfHeader(undefined)).toBe("en");
    expect(languageOfHeader(";;;,q=x")).toBe("en");
  });
  it("reads a catalog's entries, those with a context under gettext's context key", () => {
    const po =
      'msgid ""\nmsgstr ""\n"Language: ar\\n"\n\nmsgid "Name"\nmsgstr "الاسم"\n\nmsgctxt "side"\nmsgid "Debit"\nmsgstr "x"\n\nmsgid "Say \\"hi\\""\nmsgstr ""\n"مرحبا"\n';
    expect([...parsePoCatalog(po)]).toEqual([
      ["Name", "الاسم"],
      ["side\u0004Debit", "x"],
      ['Say "hi"', "مرحبا"],
    ]);
    expect(translateText("Debit", "ar", "ledger side")).toBe("مدين");
    expect(translateText("Debit", "ar")).not.toBe("مدين");
  });
  it("titles every listed field in Arabic and Kurdish from the web app's catalogs", () => {
    for (const [key, english] of Object.entries(COLUMN_TITLES)) {
      for (const language of ["ar", "ckb"] as const) expect(translateText(english, language), `${key} ${language}`).not.toBe(english);
    }
    expect(columnTitle("name", "en")).toBe("Name");
    expect(columnTitle("not_listed", "ar")).toBe("not_listed");
  });
  it("writes XLSX column letters and escapes what XML cannot hold", () => {
    expect([0, 25, 26, 701, 702].map(columnLetters)).toEqual(["A", "Z", "AA", "ZZ", "AAA"]);
    expect(escapeXml('<a href="x">&\u0001</a>')).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
  });
});
