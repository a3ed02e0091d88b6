import { lazy, Suspense } from "react";
import { NeedsChakra } from "../../lib/chakra-on-demand";
import { useNearViewport } from "../../lib/use-near-viewport";
import type { ChartProps } from "./chart-types";

// Recharts is a few hundred KiB: only a screen that draws a chart loads it (DESIGN section 6's first-screen budget).
const ChartBody = lazy(() => import("./chart-body"));

/**
 * A bar, line or area chart over rows of a category and series, themed for light and dark, mirrored in
 * RTL. Drawn once it nears the viewport: a chart below the fold costs the first screen nothing (its
 * library, its text measuring and layout were the dashboard's longest task on a phone). The frame is
 * plain, so a screen without Chakra (the dashboard) can hold one; the body reads Chakra's colour
 * variables, so Chakra's theme system is built with the first chart drawn (lib/chakra-on-demand.tsx).
 */
export function Chart(props: ChartProps) {
  const height = props.height ?? 280;
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const placeholder = <div style={{ height, borderRadius: "0.375rem", background: "var(--c-skeleton)" }} />;
  return (
    // A kept copy of the page (app/kept-screen.ts) holds the frame, not the body drawn with Chakra's styles.
    <div ref={ref} role="img" aria-label={props.label} style={{ width: "100%", minHeight: height }} data-kept="empty">
      {near ? (
        <NeedsChakra fallback={placeholder}>
          <Suspense fallback={placeholder}>
            <ChartBody {...props} />
          </Suspense>
        </NeedsChakra>
      ) : (
        placeholder
      )}
    </div>
  );
}
