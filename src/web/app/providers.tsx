import { LocaleProvider } from "@chakra-ui/react";
import { I18nProvider } from "@lingui/react";
import { Provider as JotaiProvider, useAtomValue } from "jotai";
import { useEffect, type ReactNode } from "react";
import { appStore, themeAtom } from "../lib/app-state";
import { chakraLocale, i18n } from "../lib/i18n";
import { applyThemeClass } from "../lib/theme-class";
import { ChakraOnDemand } from "../lib/chakra-on-demand";
import { ToasterOnDemand } from "./toaster-on-demand";
import { useActiveLanguage } from "./use-active-language";

/** Renders once the language's catalog is active (lang/dir on <html> follow it). */
function LanguageProvider({ children }: { children: ReactNode }) {
  const { language, ready } = useActiveLanguage();
  if (!ready) return null;
  return (
    <I18nProvider i18n={i18n}>
      <LocaleProvider locale={chakraLocale(language)}>{children}</LocaleProvider>
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
      <ChakraOnDemand>
        <ThemeClass />
        <LanguageProvider>
          {children}
          <ToasterOnDemand />
        </LanguageProvider>
      </ChakraOnDemand>
    </JotaiProvider>
  );
}
