/**
 * Chakra's `lg` breakpoint: a 10-inch tablet in landscape and up keeps the sidebar beside the screen;
 * narrower ones open it as a drawer. The shell lays itself out by it, and the kept copy of the first
 * screen (kept-screen.ts) is drawn only on the side of it where it was taken.
 */
export const WIDE_SCREEN = "(min-width: 1024px)";
