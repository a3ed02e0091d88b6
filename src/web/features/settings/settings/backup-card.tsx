import { useCallback, useEffect, useState } from "react";
import { Badge, Button, Card, DataList, Heading, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LuDatabaseBackup } from "react-icons/lu";
import type { BackupStatusInfo } from "../../../../core/api-types";
import { DISPLAY_DATE_TIME, formatDate } from "../../../../core/dates";
import { formatFileSize } from "../../../../core/file-size";
import { api } from "../../../lib/api-client";
import { showSuccess } from "../../../lib/toast";
import { useOnline } from "../../../offline/online";
import { sendCommand } from "../../../offline/commands";

/** The last backup's check as a badge: checked, failed, or still being checked. */
function CheckBadge({ verified }: { verified: boolean | null }) {
  if (verified === true)
    return (
      <Badge colorPalette="green">
        <Trans>Checked</Trans>
      </Badge>
    );
  if (verified === false)
    return (
      <Badge colorPalette="red">
        <Trans>Check failed</Trans>
      </Badge>
    );
  return (
    <Badge colorPalette="gray">
      <Trans>Not checked yet</Trans>
    </Badge>
  );
}

/**
 * The embedded default's backups, for a superuser: the last one (when, size, checked or not), how far
 * back a restore can go, and a backup now. On another database server it says the backups are that
 * server's own.
 */
export function BackupCard() {
  const { t } = useLingui();
  const online = useOnline();
  const [status, setStatus] = useState<BackupStatusInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [taking, setTaking] = useState(false);

  const load = useCallback(async () => {
    setStatus(await api.get("backup/status/").json<BackupStatusInfo>());
    setFailed(false);
  }, []);
  useEffect(() => {
    if (online) load().catch(() => setFailed(true));
  }, [load, online]);

  const takeNow = async () => {
    setTaking(true);
    try {
      await sendCommand("backup-take", {}, { timeout: false });
      showSuccess(t`Backup written; it is being checked`);
      await load();
    } finally {
      setTaking(false);
    }
  };

  const last = status?.last ?? null;
  const when = (value: string | null) => (value ? formatDate(value, DISPLAY_DATE_TIME) : "—");
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">
          <Trans>Backups</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        {!online ? (
          <Text color="fg.muted">
            <Trans>Backups are shown when the device is online.</Trans>
          </Text>
        ) : failed ? (
          <Text color="fg.error">
            <Trans>The backups could not be loaded.</Trans>
          </Text>
        ) : !status ? null : !status.managed ? (
          <Text color="fg.muted">
            {status.reason === "external" ? (
              <Trans>Backups of this database are the database server's own: use its tools (pg_basebackup, WAL archiving, pg_dump).</Trans>
            ) : (
              <Trans>
                The embedded database's archiving is turned off or set up by the administrator: the product takes no backups of its own.
              </Trans>
            )}
          </Text>
        ) : (
          <Stack gap="4">
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>
                  <Trans>Last backup</Trans>
                </DataList.ItemLabel>
                <DataList.ItemValue>{last ? when(last.created_at) : t`None yet`}</DataList.ItemValue>
              </DataList.Item>
              {last ? (
                <>
                  <DataList.Item>
                    <DataList.ItemLabel>
                      <Trans>Size</Trans>
                    </DataList.ItemLabel>
                    <DataList.ItemValue>{formatFileSize(last.size)}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>
                      <Trans>Check</Trans>
                    </DataList.ItemLabel>
                    <DataList.ItemValue>
                      <CheckBadge verified={last.verified} />
                    </DataList.ItemValue>
                  </DataList.Item>
                </>
              ) : null}
              <DataList.Item>
                <DataList.ItemLabel>
                  <Trans>A restore can go back to</Trans>
                </DataList.ItemLabel>
                <DataList.ItemValue>{when(status.restorable_from)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>
                  <Trans>Archived up to</Trans>
                </DataList.ItemLabel>
                <DataList.ItemValue>{when(status.restorable_until)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>
                  <Trans>Folder</Trans>
                </DataList.ItemLabel>
                <DataList.ItemValue>{status.backup_dir}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            {last?.check_error ? (
              <Text color="fg.error" fontSize="sm">
                {last.check_error}
              </Text>
            ) : null}
            <Text color="fg.muted" fontSize="sm">
              <Trans>
                A backup is taken every day and checked by restoring it; 7 daily and 4 weekly are kept. Keep a copy of the folder on another
                disk.
              </Trans>
            </Text>
            <Button alignSelf="start" variant="outline" loading={taking} onClick={() => void takeNow().catch(() => undefined)}>
              <LuDatabaseBackup />
              <Trans>Back up now</Trans>
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
