import { setupI18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { describe, expect, it } from "vitest";
import { messages as ar } from "../locales/ar.po";
import { messages as ckb } from "../locales/ckb.po";

describe("the product's name in the top bar and on the sign-in page", () => {
  it("reads in Arabic and in Kurdish, not in English", () => {
    for (const [locale, messages] of [
      ["ar", ar],
      ["ckb", ckb],
    ] as const) {
      const i18n = setupI18n({ locale, messages: { [locale]: messages } });
      const name = i18n._(msg`Back Office`);
      expect(name).not.toBe("Back Office");
      expect(name).toMatch(/\p{Script=Arabic}/u);
    }
  });
});
