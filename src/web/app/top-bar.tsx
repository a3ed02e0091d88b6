import { useLingui } from "@lingui/react/macro";
import { LuMenu } from "react-icons/lu";
import { Link } from "react-router";
import { PRODUCT_NAME } from "./navigation-rule";
import { SyncStatusButton } from "./sync-status-button";
import { UpdateButton } from "./update-button";
import { UserMenuButton } from "./user-menu-button";

export function TopBar({ onToggleDrawer }: { onToggleDrawer: () => void }) {
  const { t } = useLingui();
  return (
    <header className="shell-top">
      <button type="button" className="shell-button shell-button-lg" aria-label={t`Toggle menu`} onClick={onToggleDrawer}>
        <LuMenu aria-hidden />
      </button>
      <h2 className="shell-title">
        <Link to="/">{PRODUCT_NAME}</Link>
      </h2>
      <span className="shell-spacer" />
      <UpdateButton />
      <SyncStatusButton />
      <UserMenuButton />
    </header>
  );
}
