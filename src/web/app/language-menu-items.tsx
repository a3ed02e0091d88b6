import { Menu } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { languageAtom } from "../lib/app-state";
import { isLanguage, LANGUAGES } from "../lib/i18n";

/** en / العربية / کوردی as a radio group inside a Chakra menu. */
export function LanguageMenuItems() {
  const [language, setLanguage] = useAtom(languageAtom);
  return (
    <Menu.ItemGroup>
      <Menu.ItemGroupLabel>
        <Trans>Language</Trans>
      </Menu.ItemGroupLabel>
      <Menu.RadioItemGroup value={language} onValueChange={(e) => isLanguage(e.value) && setLanguage(e.value)}>
        {LANGUAGES.map((option) => (
          <Menu.RadioItem key={option.code} value={option.code} lang={option.code}>
            {option.label}
            <Menu.ItemIndicator />
          </Menu.RadioItem>
        ))}
      </Menu.RadioItemGroup>
    </Menu.ItemGroup>
  );
}
