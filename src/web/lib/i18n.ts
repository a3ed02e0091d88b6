import { i18n, type Messages } from "@lingui/core";
import type { Language } from "./app-state";
import { yieldToMain } from "./yield-to-main";

export { i18n };

export interface LanguageOption {
  code: Language;
  /** The language's own name, shown as is in every interface language. */
  label: string;
  dir: "ltr" | "rtl";
}

export const LANGUAGES: readonly LanguageOption[] = [
  { code: "en", label: "English", dir: "ltr" },
  { code: "ar", label: "العربية", dir: "rtl" },
  { code: "ckb", label: "کوردی", dir: "rtl" },
];

export const isRtl = (language: Language): boolean => language !== "en";

/** The locale Chakra's components format and lay out with (its LocaleProvider). */
export const chakraLocale = (language: Language): string => (language === "ckb" ? "ckb-IQ" : language === "ar" ? "ar-IQ" : "en-US");

export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l.code === value);

// One chunk per catalog: only the active language is downloaded. The vite plugin compiles .po on import.
const loaders: Record<Language, () => Promise<{ messages: Messages }>> = {
  en: () => import("../locales/en.po"),
  ar: () => import("../locales/ar.po"),
  ckb: () => import("../locales/ckb.po"),
};

/** Loads the catalog, activates it and mirrors the document for right-to-left languages. */
export async function activateLanguage(requested: Language): Promise<void> {
  const language = isLanguage(requested) ? requested : "en";
  if (!i18n.messages || i18n.locale !== language) {
    const { messages } = await loaders[language]();
    i18n.loadAndActivate({ locale: language, messages });
  }
  const html = document.documentElement;
  html.lang = language;
  html.dir = isRtl(language) ? "rtl" : "ltr";
}

/**
 * The language's Intl data, loaded now, a piece per task: each is a first-use cost (the first
 * `Intl.NumberFormat` of a locale took 8 to 30 ms in the dashboard's traces) that otherwise falls inside
 * the first render's slices and makes one of them a long task (DESIGN section 6). The entry calls it while the
 * app's chunks are on their way. Lingui memoizes the number format, so its first plural finds it made.
 */
export async function warmLanguageData(language: Language): Promise<void> {
  const steps = [
    () => new Intl.Locale(chakraLocale(language)).maximize(), // Chakra's LocaleProvider asks for the script
    () => i18n.locale === language && i18n.number(0),
    () => new Intl.PluralRules(language).select(1),
  ];
  for (const step of steps) {
    await yieldToMain();
    step();
  }
}
