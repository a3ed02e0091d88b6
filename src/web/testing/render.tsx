import type { ReactNode } from "react";
import { LocaleProvider } from "@chakra-ui/react";
import { ChakraProvider } from "@chakra-ui/react";
import { I18nProvider } from "@lingui/react";
import { configure, render, type RenderResult } from "@testing-library/react";
import type { Language } from "../lib/app-state";
import { activateLanguage, chakraLocale, i18n } from "../lib/i18n";
import { system } from "../lib/theme";

// Chakra's popovers open and close through a presence animation; on a busy shared machine
// 1 s (the library's default wait) was seen to run out before the calendar closed.
configure({ asyncUtilTimeout: 5_000 });

/**
 * Renders a component as the app does (Chakra's system, the language's catalog, its locale and
 * direction on <html>), for component tests in jsdom (`// @vitest-environment jsdom`).
 */
export async function renderInLanguage(language: Language, ui: ReactNode): Promise<RenderResult> {
  await activateLanguage(language);
  return render(
    <ChakraProvider value={system}>
      <I18nProvider i18n={i18n}>
        <LocaleProvider locale={chakraLocale(language)}>{ui}</LocaleProvider>
      </I18nProvider>
    </ChakraProvider>,
  );
}
