import type { ReactNode } from "react";
import { Badge } from "@chakra-ui/react";
import { Trans } from "@lingui/react/macro";
import type { OutboxStatus } from "../../offline/db";

/** A document saved on this device: "Pending sync", or "Needs attention" once the server refused it. */
export function PendingBadge({ status, children, testId }: { status: OutboxStatus; children?: ReactNode; testId?: string }) {
  const refused = status === "needs_attention";
  return (
    <Badge colorPalette={refused ? "red" : "orange"} size="lg" data-testid={testId}>
      {refused ? <Trans>Needs attention</Trans> : <Trans>Pending sync</Trans>}
      {children}
    </Badge>
  );
}
