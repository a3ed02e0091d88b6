/**
 * The waits of SPEC section 9, in one place: each behaviour reads its wait from here, so the app
 * and its tests agree on them.
 */
export const TIMINGS = {
  /** A server filter's search (column text filters, list options searched on the server). */
  serverSearchDebounceMs: 500,
  /** A list filter waits this long after it mounts before it loads its options. */
  listFilterStartupWaitMs: 300,
  /** The branch selector of a list applies its choice once the user stops picking. */
  branchSelectDebounceMs: 750,
  /** The item group and subgroup filters apply their choice once the user stops picking. */
  groupSelectDebounceMs: 1000,
  /** The item selector clears its box this long after a pick. */
  itemSelectResetMs: 200,
  /** After a table mounts, this long passes before its branch filter may trigger reloads. */
  tableMountWaitMs: 1500,
  /** Print waits for the printout's page to lay out. */
  printDelayMs: 500,
  /** Hover-opened menus open after this long and close this long after the pointer leaves. */
  menuOpenDelayMs: 300,
  menuCloseDelayMs: 250,
} as const;
