import { useAtomValue } from "jotai";
import { useLingui } from "@lingui/react/macro";
import { LuCircleUser } from "react-icons/lu";
import { storedUserAtom } from "../lib/app-state";
import { lazyChunk } from "./lazy-screen";
import { PopupOnDemand, type PopupProps } from "./popup-on-demand";

const userMenu = lazyChunk<PopupProps>(() => import("./user-menu"));

/** The top bar's user button; its menu (profile, theme, language, logout) loads on the first press. */
export function UserMenuButton() {
  const { t } = useLingui();
  const user = useAtomValue(storedUserAtom);
  const displayName = [user?.first_name, user?.last_name].filter(Boolean).join(" ") || user?.username || "";
  return (
    <PopupOnDemand
      kind="menu"
      chunk={userMenu}
      button={
        // The name shown starts the accessible name (a speech user says what they see), then what it opens.
        <button
          type="button"
          className="shell-button"
          data-testid="user-menu"
          aria-label={displayName ? t`${displayName}, user menu` : t`User menu`}
        >
          <LuCircleUser aria-hidden className="shell-user-icon" />
          <span className="shell-user-name" dir="auto">
            {displayName}
          </span>
        </button>
      }
    />
  );
}
