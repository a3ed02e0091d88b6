import type { SystemStyleObject } from "@chakra-ui/react";

/**
 * A list's table wider than its box scrolls sideways inside that box, and its first column (the number or
 * the name that says which row it is) stays at the start edge: left, or right in right-to-left (SCREENS
 * "Everywhere": nothing runs off the side at 1280 or 800 px). A cell spanning the row (no results, the
 * virtual table's spacers) is left alone. No z-index: the sticky head and foot, which come before and after
 * the body, keep drawing over the body's first cells. The cells take the background their row shows
 * (the head's, the foot's, a hovered row's), so what scrolls beneath them stays hidden.
 */
export function stickyFirstColumn(interactive: boolean): SystemStyleObject {
  return {
    "& tr > :first-child:not([colspan])": {
      position: "sticky",
      insetInlineStart: "0",
      bg: "bg",
    },
    "& tfoot tr > :first-child:not([colspan])": { bg: "bg.muted" },
    // An interactive table's hovered row (Chakra's table recipe): its first cell too.
    ...(interactive ? { "& tbody tr:hover > :first-child:not([colspan])": { bg: "colorPalette.subtle" } } : {}),
  };
}
