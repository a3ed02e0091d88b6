import { Suspense, useSyncExternalStore } from "react";
import { toaster } from "../lib/toast";
import { NeedsChakra } from "../lib/chakra-on-demand";
import { lazyChunk } from "./lazy-screen";

const toasterChunk = lazyChunk(() => import("../lib/toaster").then((module) => ({ default: module.Toaster })));

let shown = false;
/**
 * True from the first toast on: the toaster then stays mounted (it picks up the toasts already made).
 * The store tells its subscribers before it counts the new toast, so the news itself sets the flag.
 */
const subscribe = (onChange: () => void) =>
  toaster.subscribe(() => {
    shown = true;
    onChange();
  });
const anyToastYet = () => (shown ||= toaster.getCount() > 0);

/** The app's toaster (lib/toaster.tsx, drawn with Chakra), loaded with the first toast, not with the first screen (DESIGN section 6). */
export function ToasterOnDemand() {
  const wanted = useSyncExternalStore(subscribe, anyToastYet);
  if (!wanted) return null;
  const Toaster = toasterChunk.Component;
  return (
    <NeedsChakra>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </NeedsChakra>
  );
}
