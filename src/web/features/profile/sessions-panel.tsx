import { useCallback, useEffect, useState } from "react";
import { Badge, Button, Card, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { DISPLAY_DATE_TIME, formatDate } from "../../../core/dates";
import { api } from "../../lib/api-client";
import { showSuccess } from "../../lib/toast";
import { sendCommand } from "../../offline/commands";

interface Session {
  id: number;
  device: string;
  ip: string;
  created_at: string;
  last_seen: string;
  /** The latest it lasts (30 days from the sign-in), and until when it lasts unused (moved on by each use). */
  expires_at: string;
  idle_until: string;
  current: boolean;
}

/** A readable name for a user agent: browser and system, enough to recognise one's own devices. */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return [browser, system].filter(Boolean).join(", ") || userAgent.slice(0, 60);
}

/** The user's own active sessions (device, address, last seen, when it ends) and "sign out everywhere else". */
export function SessionsPanel() {
  const { t } = useLingui();
  const [sessions, setSessions] = useState<Session[]>([]);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    api
      .get("user/sessions/")
      .json<Session[]>()
      .then(setSessions)
      .catch(() => undefined);
  }, []);
  useEffect(load, [load]);

  const signOutOthers = async () => {
    setBusy(true);
    try {
      await sendCommand("sessions-sign-out-others", {});
      showSuccess(t`Signed out on every other device`);
      load();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card.Root>
      <Card.Body>
        <HStack justify="space-between" mb="3" wrap="wrap" gap="3">
          <Heading size="md">
            <Trans>Active sessions</Trans>
          </Heading>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => void signOutOthers()}
            loading={busy}
            disabled={sessions.length < 2}
          >
            <Trans>Sign out everywhere else</Trans>
          </Button>
        </HStack>
        <Table.Root size="sm" aria-label={t`Active sessions`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>Device</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Address</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Signed in</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Last seen</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Idle until</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Expires at</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {sessions.map((session) => (
              <Table.Row key={session.id} data-testid="session-row">
                <Table.Cell>
                  <Stack gap="0">
                    <Text>
                      {deviceName(session.device)}{" "}
                      {session.current && (
                        <Badge colorPalette="green" size="sm">
                          <Trans>This device</Trans>
                        </Badge>
                      )}
                    </Text>
                  </Stack>
                </Table.Cell>
                <Table.Cell dir="ltr">{session.ip}</Table.Cell>
                <Table.Cell>{formatDate(session.created_at, DISPLAY_DATE_TIME)}</Table.Cell>
                <Table.Cell>{formatDate(session.last_seen, DISPLAY_DATE_TIME)}</Table.Cell>
                <Table.Cell>{formatDate(session.idle_until, DISPLAY_DATE_TIME)}</Table.Cell>
                <Table.Cell>{formatDate(session.expires_at, DISPLAY_DATE_TIME)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Card.Body>
    </Card.Root>
  );
}
