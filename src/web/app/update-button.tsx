import { Trans } from "@lingui/react/macro";
import { LuDownload } from "react-icons/lu";
import { applyUpdate, useUpdateAvailable } from "../offline/pwa";

/** Shown when a new version of the app is waiting: offered, never forced (a form may be half filled). */
export function UpdateButton() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <button type="button" className="shell-button shell-update" onClick={() => void applyUpdate()}>
      <LuDownload aria-hidden />
      <Trans>Update available</Trans>
    </button>
  );
}
