import { i18n, type Messages } from "@lingui/core";
import type { Language } from "./app-state";

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
