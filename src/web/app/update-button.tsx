import { Button } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { LuDownload } from "react-icons/lu";
import { applyUpdate, useUpdateAvailable } from "../offline/pwa";

/** Shown when a new version of the app is waiting: offered, never forced (a form may be half filled). */
export function UpdateButton() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return (
    <Button size="sm" colorPalette="blue" variant="subtle" onClick={() => void applyUpdate()}>
      <LuDownload />
      <Trans>Update available</Trans>
    </Button>
  );
}
