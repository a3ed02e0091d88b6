import { Suspense, useEffect, useState } from "react";
import { registerBeforeLogout } from "../lib/session";
import { NeedsChakra } from "../lib/chakra-on-demand";
import { lazyChunk } from "./lazy-screen";

/** The question is drawn with Chakra: its chunk comes when it is asked (not on the first screen). */
const unsyncedDialog = lazyChunk(() => import("./unsynced-logout-dialog").then((module) => ({ default: module.UnsyncedLogoutDialog })));

interface Question {
  count: number;
  answer: (logOut: boolean) => void;
}

/**
 * Asks before logging out while entries wait in the outbox (DESIGN section 4), offering to save them
 * to a file first. Logging out keeps them: they stay on the device and replay once the same
 * user signs in again.
 */
export function LogoutGuard() {
  const [question, setQuestion] = useState<Question | null>(null);

  useEffect(
    () =>
      registerBeforeLogout(async () => {
        // The device's database comes with the offline layer's chunk, not with the shell's (the first screen's budget,
        // DESIGN section 6).
        const { offlineSafeLogout } = await import("../offline/sync-status");
        const count = await offlineSafeLogout();
        if (count === 0) return true;
        return new Promise<boolean>((resolve) => setQuestion({ count, answer: resolve }));
      }),
    [],
  );

  const answer = (logOut: boolean) => {
    question?.answer(logOut);
    setQuestion(null);
  };
  if (question === null) return null;
  const { count } = question;
  const UnsyncedDialog = unsyncedDialog.Component;

  return (
    <NeedsChakra>
      <Suspense fallback={null}>
        <UnsyncedDialog count={count} onAnswer={answer} />
      </Suspense>
    </NeedsChakra>
  );
}
