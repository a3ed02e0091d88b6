import { Button, HStack, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { LuDownload, LuUpload } from "react-icons/lu";
import { loadUnsyncedFile, saveUnsyncedToFile, type LoadOutcome } from "./outbox-file-actions";

/**
 * The sync panel's safety net: "Save to file" writes the documents waiting on this device
 * to a file; "Load saved documents" puts such a file's documents into this device's outbox, where the
 * normal replay sends them, each booked once by its form_token. `storageAtRisk`: the browser has not
 * promised to keep this site's storage (it may clear it under pressure), so waiting documents are worth a file.
 */
export function SavedDocumentsActions({ pending, storageAtRisk }: { pending: number; storageAtRisk: boolean }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<"save" | "load" | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const [loaded, setLoaded] = useState<LoadOutcome | null>(null);

  const save = async () => {
    setBusy("save");
    setLoaded(null);
    try {
      setSaved(await saveUnsyncedToFile());
    } finally {
      setBusy(null);
    }
  };
  const load = async (file: File | undefined) => {
    if (!file) return;
    setBusy("load");
    setSaved(null);
    try {
      setLoaded(await loadUnsyncedFile(file));
    } finally {
      setBusy(null);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <Stack gap="1" data-testid="saved-documents">
      {pending > 0 && storageAtRisk && (
        <Text fontSize="sm" color="fg.warning">
          <Trans>This browser may clear the storage of this site: save the waiting documents to a file to be safe.</Trans>
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        {pending > 0 && (
          <Button size="sm" variant="outline" onClick={() => void save()} loading={busy === "save"} disabled={busy !== null}>
            <LuDownload />
            <Trans>Save to file</Trans>
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => input.current?.click()} loading={busy === "load"} disabled={busy !== null}>
          <LuUpload />
          <Trans>Load saved documents</Trans>
        </Button>
        <VisuallyHidden>
          <input
            ref={input}
            type="file"
            accept="application/json,.json"
            aria-label={t`Load saved documents`}
            onChange={(event) => void load(event.target.files?.[0])}
          />
        </VisuallyHidden>
      </HStack>
      {saved !== null && saved > 0 && (
        <Text fontSize="sm" role="status">
          <Plural value={saved} one="# entry saved to a file." other="# entries saved to a file." />
        </Text>
      )}
      {loaded && <LoadOutcomeText outcome={loaded} />}
    </Stack>
  );
}

function LoadOutcomeText({ outcome }: { outcome: LoadOutcome }) {
  if (outcome.ok) {
    const { queued, skipped } = outcome;
    return (
      <Text fontSize="sm" role="status" data-testid="load-outcome">
        <Plural
          value={queued}
          _0="No new entries: this file was loaded already."
          one="# entry added; it syncs now."
          other="# entries added; they sync now."
        />{" "}
        {queued > 0 && skipped > 0 && <Plural value={skipped} one="# was loaded already." other="# were loaded already." />}
      </Text>
    );
  }
  const reason = outcome.reason;
  return (
    <Text fontSize="sm" color="fg.error" role="alert" data-testid="load-outcome">
      {reason === "other-business" && <Trans>This file belongs to another business: it was not loaded.</Trans>}
      {reason === "malformed" && <Trans>This is not a file of saved documents, or it is damaged: it was not loaded.</Trans>}
      {reason === "newer-version" && <Trans>This file was saved by a newer version of the app: update this device first.</Trans>}
      {reason === "empty" && <Trans>This file holds no documents.</Trans>}
      {reason === "signed-out" && <Trans>Sign in to load saved documents.</Trans>}
    </Text>
  );
}
