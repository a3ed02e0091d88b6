import { ChakraProvider, LocaleProvider } from "@chakra-ui/react";
import { I18nProvider } from "@lingui/react";
import { Provider as JotaiProvider, useAtomValue } from "jotai";
import { useEffect, useState, type ReactNode } from "react";
import { appStore, languageAtom, themeAtom } from "../lib/app-state";
import { activateLanguage, i18n } from "../lib/i18n";
import { applyThemeClass, system } from "../lib/theme";
import { Toaster } from "../lib/toaster";

/** Follows the language atom: loads its catalog, sets lang/dir on <html>, renders once one is active. */
function LanguageProvider({ children }: { children: ReactNode }) {
  const language = useAtomValue(languageAtom);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    activateLanguage(language)
      .catch((error: unknown) => {
        // A catalog that cannot load (offline before it was cached) must not blank the app: fall back.
        console.error(error);
        return activateLanguage("en");
      })
      .finally(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [language]);

  if (!ready) return null;
  return (
    <I18nProvider i18n={i18n}>
      <LocaleProvider locale={language === "ckb" ? "ckb-IQ" : language === "ar" ? "ar-IQ" : "en-US"}>{children}</LocaleProvider>
    </I18nProvider>
  );
}

/** Follows the theme atom with the `dark` class on <html>. */
function ThemeClass() {
  const theme = useAtomValue(themeAtom);
  useEffect(() => applyThemeClass(theme), [theme]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={appStore}>
      <ChakraProvider value={system}>
        <ThemeClass />
        <LanguageProvider>
          {children}
          <Toaster />
        </LanguageProvider>
      </ChakraProvider>
    </JotaiProvider>
  );
}
