import { lazy, Suspense } from "react";
import { Box, Skeleton } from "@chakra-ui/react";
import type { ChartProps } from "./chart-types";

// Recharts is a few hundred KiB: only a screen that draws a chart loads it (DESIGN section 6's first-screen budget).
const ChartBody = lazy(() => import("./chart-body"));

/** A bar, line or area chart over rows of a category and series, themed for light and dark, mirrored in RTL. */
export function Chart(props: ChartProps) {
  const height = props.height ?? 280;
  return (
    <Box role="img" aria-label={props.label} w="full" minH={`${height}px`}>
      <Suspense fallback={<Skeleton height={`${height}px`} />}>
        <ChartBody {...props} />
      </Suspense>
    </Box>
  );
}
