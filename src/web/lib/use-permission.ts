import { useAtomValue } from "jotai";
import type { AuthUser } from "../../core/api-types";
import { hasAnyPermission } from "../../core/permissions";
import { storedUserAtom } from "./app-state";

/** The signed-in user, or null. */
export function useCurrentUser(): AuthUser | null {
  return useAtomValue(storedUserAtom);
}

/** SPEC section 6: true for a superuser or a holder of any one of the codes (or when none is given). */
export function useHasPermission(codes: readonly string[]): boolean {
  return hasAnyPermission(useAtomValue(storedUserAtom), codes);
}
