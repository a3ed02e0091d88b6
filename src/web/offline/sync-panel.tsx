import { Badge, Box, Button, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { LuRefreshCw, LuSend, LuTrash2 } from "react-icons/lu";
import { SavedDocumentsActions } from "./saved-documents-actions";
import { errorAction } from "../lib/api-errors";
import { translateMessage } from "../lib/messages";
import { discardEntry, resendEntry } from "./commands";
import type { OutboxEntry } from "./db";
import { getOfflineRuntime } from "./offline-runtime";
import { useOnline } from "./online";
import {
  storageEstimate,
  useAttentionEntries,
  useLastSyncAt,
  useOutboxPaused,
  usePendingCount,
  useSyncProgress,
  type StorageEstimate,
} from "./sync-status";

/**
 * The sync panel (DESIGN section 4): online state, what waits, the last sync, storage, "Sync now",
 * saving what waits to a file and loading such a file, and the entries the server refused
 * with its message, to resend or discard.
 */

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** The refusal, as the lines the api client would have toasted (translated). */
export function refusalLines(entry: OutboxEntry): string[] {
  const answer = entry.server_message;
  if (!answer) return entry.last_error ? [entry.last_error] : [];
  const action = errorAction(answer.status, answer.body, translateMessage);
  return action.kind === "toast" ? action.lines : [entry.last_error ?? `HTTP ${answer.status}`];
}

/** A short label of what the entry creates: its resource and its name or provisional number ("sale: P-3"). */
function entryLabel(entry: OutboxEntry): string {
  const doc = entry.effects.find((effect) => effect.kind === "pending-doc");
  const name = doc?.number ?? entry.body.name;
  const resource = entry.resource.replace(/\/$/, "");
  return typeof name === "string" && name !== "" ? `${resource}: ${name}` : resource;
}

function AttentionItem({ entry }: { entry: OutboxEntry }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<"resend" | "discard" | null>(null);
  const run = async (kind: "resend" | "discard") => {
    setBusy(kind);
    try {
      if (kind === "resend") await resendEntry(entry.id as number);
      else await discardEntry(entry.id as number);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="outbox-attention-item">
      <Text fontWeight="medium">{entryLabel(entry)}</Text>
      <Text fontSize="sm" color="fg.muted">
        {new Date(entry.created_at).toLocaleString()}
      </Text>
      {refusalLines(entry).map((line) => (
        <Text key={line} fontSize="sm" color="fg.error">
          {line}
        </Text>
      ))}
      <HStack mt="2" gap="2">
        <Button size="xs" variant="outline" loading={busy === "resend"} disabled={busy !== null} onClick={() => void run("resend")}>
          <LuSend />
          <Trans>Resend</Trans>
        </Button>
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={t`Discard`}
          loading={busy === "discard"}
          disabled={busy !== null}
          onClick={() => void run("discard")}
        >
          <LuTrash2 />
          <Trans>Discard</Trans>
        </Button>
      </HStack>
    </Box>
  );
}

export function SyncPanel() {
  const { t } = useLingui();
  const online = useOnline();
  const pending = usePendingCount();
  const attention = useAttentionEntries();
  const progress = useSyncProgress();
  const lastSyncAt = useLastSyncAt();
  const paused = useOutboxPaused();
  const [storage, setStorage] = useState<StorageEstimate | null>(null);
  const [syncing, setSyncing] = useState(false);

  useEffect(() => {
    void storageEstimate().then(setStorage);
  }, [pending, lastSyncAt]);

  const lastSync = lastSyncAt ? new Date(lastSyncAt).toLocaleString() : null;
  const rows = progress.rows;
  const firstLoad = progress.firstLoad;
  const done = progress.done ?? 0;
  const total = progress.total;
  const percent = total ? Math.min(100, Math.floor((done / total) * 100)) : 0;
  const syncError = progress.error;
  const used = storage ? megabytes(storage.usage) : "";
  const quota = storage ? megabytes(storage.quota) : "";

  const syncNow = async () => {
    const runtime = getOfflineRuntime();
    if (!runtime) return;
    setSyncing(true);
    try {
      await runtime.syncNow();
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Stack gap="3" data-testid="sync-panel">
      <HStack gap="2" wrap="wrap">
        {online ? (
          <Badge colorPalette="green">
            <Trans>Online</Trans>
          </Badge>
        ) : (
          <Badge colorPalette="orange">
            <Trans>Offline</Trans>
          </Badge>
        )}
        <Badge colorPalette={pending > 0 ? "yellow" : "gray"} data-testid="pending-count">
          <Trans>{pending} waiting to sync</Trans>
        </Badge>
        {paused && (
          <Badge colorPalette="red">
            <Trans>Sign in again to sync</Trans>
          </Badge>
        )}
      </HStack>
      <Text fontSize="sm">{lastSync ? <Trans>Last sync: {lastSync}</Trans> : <Trans>Not synced yet</Trans>}</Text>
      {progress.running && firstLoad && total !== null && (
        <Stack gap="1" data-testid="first-load-progress">
          <Text fontSize="sm">
            <Trans>
              First load: {done} of about {total} records ({percent}%)
            </Trans>
          </Text>
          <Progress.Root value={percent} size="xs" aria-label={t`First load`}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      )}
      {progress.running && !(firstLoad && total !== null) && (
        <Text fontSize="sm">
          <Trans>Syncing… {rows} records</Trans>
        </Text>
      )}
      {/* A first load cut off by the network: what it holds is kept, it goes on when the network returns. */}
      {!progress.running && firstLoad && total !== null && (
        <Text fontSize="sm" data-testid="first-load-progress">
          <Trans>
            First load paused at {done} of about {total} records ({percent}%); it goes on when the network returns
          </Trans>
        </Text>
      )}
      {/* Offline, a failed pull says nothing new (and its reason is technical English). */}
      {progress.error && !progress.running && online && (
        <Text fontSize="sm" color="fg.error">
          <Trans>Last sync failed: {syncError}</Trans>
        </Text>
      )}
      {storage && (
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            Storage: {used} MB of {quota} MB
          </Trans>
        </Text>
      )}
      <Box>
        <Button size="sm" onClick={() => void syncNow()} loading={syncing || progress.running} disabled={!online}>
          <LuRefreshCw />
          <Trans>Sync now</Trans>
        </Button>
      </Box>
      <SavedDocumentsActions pending={pending} storageAtRisk={storage?.persisted === false} />
      {attention.length > 0 && (
        <Stack gap="2">
          <Text fontWeight="medium">
            <Trans>Needs attention</Trans>
          </Text>
          {attention.map((entry) => (
            <AttentionItem key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** A small "pending sync" badge for list rows of records saved offline (`row._pending`). */
export function PendingSyncBadge() {
  return (
    <Badge colorPalette="yellow" size="sm">
      <Trans>Pending sync</Trans>
    </Badge>
  );
}
