import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { appStore, languageAtom, type Language } from "../lib/app-state";
import { activateLanguage, i18n } from "../lib/i18n";

/**
 * Follows the language atom: loads its catalog, sets lang/dir on <html>; false until one is active.
 * A catalog that cannot load (offline before it was cached) must not blank the app: English instead.
 */
export function useActiveLanguage(): { language: Language; ready: boolean } {
  const language = useAtomValue(languageAtom, { store: appStore });
  // Ready at once when main.tsx has already activated it: no empty first render followed by a second
  // render of the whole app in one task (the first screen's budget, DESIGN section 6).
  const [ready, setReady] = useState(() => i18n.locale === language);

  useEffect(() => {
    let cancelled = false;
    activateLanguage(language)
      .catch((error: unknown) => {
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

  return { language, ready };
}
