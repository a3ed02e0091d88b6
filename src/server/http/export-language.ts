import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { COLUMN_TITLES } from "../../core/column-titles";

/** The languages of the product (English the source; Arabic and Central Kurdish right to left). */
export const EXPORT_LANGUAGES = ["en", "ar", "ckb"] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

const isLanguage = (value: string): value is ExportLanguage => (EXPORT_LANGUAGES as readonly string[]).includes(value);

export const isRightToLeft = (language: ExportLanguage) => language !== "en";

/**
 * The first product language of an Accept-Language header, by its weights ("ar-IQ;q=0.9, en;q=0.8");
 * English when it names none.
 */
export function languageOfHeader(header: string | undefined): ExportLanguage {
  const tags = (header ?? "")
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { language: tag.trim().toLowerCase().split("-")[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return tags.map((t) => t.language).find(isLanguage) ?? "en";
}

/** `msgid` -> `msgstr` of a gettext catalog as Lingui writes it; an entry with a context under `context\u0004msgid` (gettext's key). */
export function parsePoCatalog(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let context: string | null = null;
  let id: string | null = null;
  let str: string | null = null;
  let reading: "id" | "str" | null = null;
  const unquote = (raw: string) => JSON.parse(raw) as string;
  const flush = () => {
    if (id && str) entries.set(context === null ? id : `${context}\u0004${id}`, str);
    context = null;
    id = str = reading = null;
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("msgctxt ")) {
      if (id !== null) flush();
      context = unquote(line.slice(8));
    } else if (line.startsWith("msgid ")) {
      if (id !== null) flush();
      id = unquote(line.slice(6));
      reading = "id";
    } else if (line.startsWith("msgstr ")) {
      str = unquote(line.slice(7));
      reading = "str";
    } else if (line.startsWith('"') && reading) {
      if (reading === "id") id = `${id ?? ""}${unquote(line)}`;
      else str = `${str ?? ""}${unquote(line)}`;
    } else if (line.trim() === "" && id !== null) {
      flush();
    }
  }
  if (id !== null) flush();
  return entries;
}

/**
 * The web app's message catalogs are the one place UI texts are translated: the export reads the
 * column titles' translations there (data files, read once), so a title the screens translate is
 * translated in the file the server writes the same way. A missing catalog leaves the English text.
 */
const catalogs = new Map<ExportLanguage, Map<string, string>>();
function catalog(language: ExportLanguage): Map<string, string> {
  let entries = catalogs.get(language);
  if (!entries) {
    try {
      const path = fileURLToPath(new URL(`../../web/locales/${language}.po`, import.meta.url));
      entries = parsePoCatalog(readFileSync(path, "utf8"));
    } catch {
      entries = new Map();
    }
    catalogs.set(language, entries);
  }
  return entries;
}

/** An English UI text (of a context, as the screens' `t({ message, context })`) in the language (itself when the catalog lacks it). */
export function translateText(text: string, language: ExportLanguage, context?: string): string {
  return language === "en" ? text : (catalog(language).get(context === undefined ? text : `${context}\u0004${text}`) ?? text);
}

/** The column title of an API field in the language: the web app's title, else the field's name. */
export function columnTitle(key: string, language: ExportLanguage): string {
  const english = COLUMN_TITLES[key];
  return english === undefined ? key : translateText(english, language);
}
