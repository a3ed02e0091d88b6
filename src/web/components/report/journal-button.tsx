import { useState } from "react";
import { Button } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import { LuBookText } from "react-icons/lu";
import { useOnline } from "../../offline/online";
import { downloadServerFile } from "../export/server-export";

/**
 * "Export journal": the books of the filtered branches and dates as ledger/hledger text the server
 * writes (accounting/journal/), for an accountant's own tools. Needs a connection, as the reports do.
 */
export function JournalButton({ params }: { params: Record<string, string> }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const { start_date: start, end_date: end, branch } = params;
  const query: Record<string, string> = { format: "ledger" };
  if (start) query.start_date = start;
  if (end) query.end_date = end;
  if (branch) query.branch = branch;
  const name = `journal${start ? `-${start}` : ""}${end ? `-${end}` : ""}.ledger`;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={!online}
      loading={busy}
      data-testid="export-journal"
      onClick={() => {
        setBusy(true);
        void downloadServerFile("accounting/journal/", query, name).finally(() => setBusy(false));
      }}
    >
      <LuBookText />
      <Trans>Export journal</Trans>
    </Button>
  );
}
