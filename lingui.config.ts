import { defineConfig } from "@lingui/cli";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "ar", "ckb"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/web/locales/{locale}",
      include: ["<rootDir>/src/web", "<rootDir>/src/core"],
    },
  ],
  format: "po",
});
