import { Icon, Menu, Portal } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { LuLogOut, LuMoon, LuSun, LuUser } from "react-icons/lu";
import { useState } from "react";
import { useNavigate } from "react-router";
import { themeAtom } from "../lib/app-state";
import { logout } from "../lib/session";
import { useHoverIntent } from "./hover-intent";
import { LanguageMenuItems } from "./language-menu-items";
import type { PopupProps } from "./popup-on-demand";

/** Top-bar menu: profile, theme toggle, language, logout (its own chunk: user-menu-button.tsx). */
export default function UserMenu({ trigger, defaultOpen, openedByHover = false }: PopupProps) {
  const [theme, setTheme] = useAtom(themeAtom);
  const navigate = useNavigate();
  const [open, setOpen] = useState(defaultOpen);
  const hover = useHoverIntent(open, setOpen, openedByHover);

  const onSelect = async (value: string) => {
    if (value === "profile") navigate("/profile");
    if (value === "theme") setTheme(theme === "dark" ? "light" : "dark");
    if (value === "logout" && (await logout())) navigate("/login", { replace: true });
  };

  return (
    <Menu.Root
      onSelect={(details) => void onSelect(details.value)}
      positioning={{ placement: "bottom-end" }}
      open={open}
      onOpenChange={(details) => {
        // A click on the button of a menu the pointer opened by resting on it keeps it open.
        const keep = !details.open && hover.keepsOpen();
        hover.settle();
        if (!keep) setOpen(details.open);
      }}
    >
      <Menu.Trigger asChild {...hover.trigger}>
        {trigger}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" {...hover.content}>
            <Menu.Item value="profile">
              <Icon as={LuUser} />
              <Trans>Profile</Trans>
            </Menu.Item>
            <Menu.Item value="theme" closeOnSelect={false}>
              <Icon as={theme === "dark" ? LuSun : LuMoon} />
              {theme === "dark" ? <Trans>Light theme</Trans> : <Trans>Dark theme</Trans>}
            </Menu.Item>
            <Menu.Separator />
            <LanguageMenuItems />
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error">
              {/* The arrow points out of the door: the other way in right-to-left layouts. */}
              <Icon as={LuLogOut} _rtl={{ transform: "scaleX(-1)" }} />
              <Trans>Logout</Trans>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
