import { lazy, Suspense } from "react";
import { Box, Skeleton } from "@chakra-ui/react";
import { useNearViewport } from "../../lib/use-near-viewport";
import type { ChartProps } from "./chart-types";

// Recharts is a few hundred KiB: only a screen that draws a chart loads it (DESIGN section 6's first-screen budget).
const ChartBody = lazy(() => import("./chart-body"));

/**
 * A bar, line or area chart over rows of a category and series, themed for light and dark, mirrored in
 * RTL. Drawn once it nears the viewport: a chart below the fold costs the first screen nothing (its
 * library, its text measuring and layout were the dashboard's longest task on a phone).
 */
export function Chart(props: ChartProps) {
  const height = props.height ?? 280;
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const placeholder = <Skeleton height={`${height}px`} />;
  return (
    <Box ref={ref} role="img" aria-label={props.label} w="full" minH={`${height}px`}>
      {near ? (
        <Suspense fallback={placeholder}>
          <ChartBody {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}
