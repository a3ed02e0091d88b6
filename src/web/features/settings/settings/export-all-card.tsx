import { useState } from "react";
import { Button, Card, Heading, Stack, Text } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { LuFileArchive } from "react-icons/lu";
import { saveBlob } from "../../../components/export/table-export";
import { api } from "../../../lib/api-client";
import { useOnline } from "../../../offline/online";

/** Takes everything out, for a superuser: every table of the business as CSV in one zip (a read, audited by the server). */
export function ExportAllCard() {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await api.get("export/all/", { headers: { Accept: "application/zip" }, timeout: false }).blob();
      saveBlob(`business-${new Date().toISOString().slice(0, 10)}.zip`, blob);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">
          <Trans>Take everything out</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text color="fg.muted" fontSize="sm">
            <Trans>Every table of the business as a CSV file, all in one zip: for an accountant, or for moving to another product.</Trans>
          </Text>
          <Button
            alignSelf="start"
            variant="outline"
            disabled={!online}
            loading={busy}
            onClick={() => void download().catch(() => undefined)}
          >
            <LuFileArchive />
            <Trans>Download all data</Trans>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
