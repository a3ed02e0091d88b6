import { useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { LuMenu } from "react-icons/lu";
import { Link } from "react-router";
import { useOfflineRunning } from "../offline/boot";
import { lazyChunk } from "./lazy-screen";
import { UpdateButton } from "./update-button";
import { UserMenuButton } from "./user-menu-button";

/** The sync status reads the device's database: its chunk (with Dexie's) comes with the offline layer. */
const syncStatus = lazyChunk(() => import("./sync-status-button").then((module) => ({ default: module.SyncStatusButton })));

/** The sync status once the offline layer runs; until then an empty place of its size (no shift). */
function SyncStatusSlot() {
  const running = useOfflineRunning();
  const place = <span className="shell-button" aria-hidden />;
  return running ? (
    <Suspense fallback={place}>
      <syncStatus.Component />
    </Suspense>
  ) : (
    place
  );
}

export function TopBar({ onToggleDrawer }: { onToggleDrawer: () => void }) {
  const { t } = useLingui();
  return (
    <header className="shell-top">
      <button type="button" className="shell-button shell-button-lg" aria-label={t`Toggle menu`} onClick={onToggleDrawer}>
        <LuMenu aria-hidden />
      </button>
      <h2 className="shell-title">
        <Link to="/">{t`Back Office`}</Link>
      </h2>
      <span className="shell-spacer" />
      <UpdateButton />
      <SyncStatusSlot />
      <UserMenuButton />
    </header>
  );
}
