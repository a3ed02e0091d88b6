import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Button, Card, Center, Flex, Spinner, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { api, toErrorMessage } from "../../lib/api-client";
import { useOnline } from "../../offline/online";
import { CardTitle } from "../card-title";
import { DocumentPrint, DocumentPrintButtons, type PrintableDocument } from "./document-print";
import { HistoryPanel } from "../history/history-panel";

/**
 * The view screen of a document (sale, sale return, quotation, purchase, purchase return): title bar
 * with the print buttons, the actions row, the document as it prints, and what a screen adds.
 */

/**
 * The record of a view from the server, `GET <path>`; the message of a failed load. `known` is the
 * record the screen was opened with (navigation state): shown at once, and kept when the load
 * fails offline.
 */
export function useViewRecord<T>(path: string | null, known: T | null = null): { record: T | null; error: string | null } {
  const { t } = useLingui();
  const [state, setState] = useState<{ path: string | null; record: T | null; error: string | null }>({
    path: null,
    record: null,
    error: null,
  });
  const knownRef = useRef(known);
  // Read only when a load fails, after the effects of that render have run.
  useEffect(() => {
    knownRef.current = known;
  });
  useEffect(() => {
    if (!path) return;
    let cancelled = false;
    api
      .get(path, { context: { silent: true } })
      .json<T>()
      .then((record) => !cancelled && setState({ path, record, error: null }))
      .catch((e: unknown) => {
        if (cancelled) return;
        const error = knownRef.current ? null : (toErrorMessage(e) ?? t`The record could not be loaded.`);
        setState({ path, record: knownRef.current, error });
      });
    return () => {
      cancelled = true;
    };
  }, [path, t]);
  // A record of another path (navigating between documents) is not shown while the next loads.
  return state.path === path ? { record: state.record, error: state.error } : { record: known, error: null };
}

export interface DocumentViewAction {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** May return a promise (React Router's navigate does); the button does not wait for it. */
  onClick: () => void | Promise<void>;
  /** The main action (a filled button). */
  primary?: boolean;
  /** It needs the server (an edit): disabled offline, with the "Editing needs a connection" note. */
  needsConnection?: boolean;
  disabled?: boolean;
  /** Left out (no permission, not allowed in this state). */
  hidden?: boolean;
}

export interface DocumentViewProps {
  title: string;
  listPath: string;
  /** The document; null while it loads. */
  doc: PrintableDocument | null;
  /** The load failed: its message. */
  error?: string | null;
  /** Shown instead of the spinner when there is no document and nothing loads (a pending one that synced). */
  fallback?: ReactNode;
  actions?: DocumentViewAction[];
  /** Short notes after the actions: why an action is missing, a pending badge... */
  notes?: ReactNode;
  /** Blocks after the document (installments, pending extras, dialogs). */
  children?: ReactNode;
}

export function DocumentView({ title, listPath, doc, error, fallback, actions = [], notes, children }: DocumentViewProps) {
  const { t } = useLingui();
  const online = useOnline();
  const shown = actions.filter((a) => !a.hidden);
  const offlineNote = !online && shown.some((a) => a.needsConnection);
  return (
    <Card.Root>
      <Card.Body p={{ base: "3", md: "5" }}>
        <CardTitle title={title} back={listPath} close={listPath} actions={<DocumentPrintButtons doc={doc} />} />
        {error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : !doc ? (
          (fallback ?? (
            <Center py="10">
              <Spinner />
            </Center>
          ))
        ) : (
          <Stack gap="4">
            {shown.length > 0 || notes || offlineNote ? (
              <Flex gap="2" wrap="wrap" align="center" data-testid="document-actions">
                {shown.map((a) => (
                  <Button
                    key={a.key}
                    colorPalette={a.primary ? "blue" : undefined}
                    variant={a.primary ? "solid" : "outline"}
                    size="lg"
                    disabled={a.disabled || (a.needsConnection && !online)}
                    title={a.needsConnection && !online ? t`Editing needs a connection` : undefined}
                    onClick={a.onClick}
                  >
                    {a.icon}
                    {a.label}
                  </Button>
                ))}
                {notes}
                {offlineNote ? (
                  <Text color="fg.warning" fontSize="sm">
                    <Trans>Editing needs a connection</Trans>
                  </Text>
                ) : null}
              </Flex>
            ) : null}
            <DocumentPrint doc={doc} />
            {children}
            <HistoryPanel />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
