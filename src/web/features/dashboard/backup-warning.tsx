import { Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { AuthUser, BackupStatusInfo } from "../../../core/api-types";
import { DISPLAY_DATE_TIME, formatDate } from "../../../core/dates";
import { api } from "../../lib/api-client";

/**
 * Tells an administrator (a superuser) on the dashboard when the embedded default's last good backup
 * is more than two days old, there is none, or the last one failed its check. Quiet otherwise, on
 * another database server, offline, and for everyone else.
 */
export function BackupWarning({ user, online }: { user: AuthUser | null; online: boolean }) {
  const [status, setStatus] = useState<BackupStatusInfo | null>(null);
  const superuser = !!user?.is_superuser;
  useEffect(() => {
    if (!superuser || !online) return;
    let live = true;
    api
      .get("backup/status/")
      .json<BackupStatusInfo>()
      .then((answer) => live && setStatus(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [superuser, online]);

  if (!superuser || !status?.managed || !status.warning) return null;
  const last = status.last ? formatDate(status.last.created_at, DISPLAY_DATE_TIME) : "";
  return (
    <p className="dash-alert dash-alert-error" role="alert">
      {status.warning === "check_failed" ? (
        <Trans>The last backup ({last}) failed its check: the business may not be restorable from it.</Trans>
      ) : status.warning === "none" ? (
        <Trans>There is no backup of the business yet.</Trans>
      ) : (
        <Trans>There has been no good backup for more than two days.</Trans>
      )}{" "}
      <Link to="/setting/settings">
        <Trans>See the backups</Trans>
      </Link>
    </p>
  );
}
