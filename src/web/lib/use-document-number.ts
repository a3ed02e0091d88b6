import { useCallback, useMemo } from "react";
import type { BranchRef } from "../../core/api-types";
import { formatDocumentNumber } from "../../core/document-number";
import { appStore, storedUserAtom } from "./app-state";
import { useCurrentUser } from "./use-permission";

/**
 * Outside React (a print, a search over the device's tables): a document's plain number with its
 * branch's short code, from the signed-in user's branches; a provisional number ("Pending 3") as it is.
 */
export function codedNumber(
  branchId: number | null | undefined,
  number: number | string,
  branches: readonly Pick<BranchRef, "id" | "short_code">[] = appStore.get(storedUserAtom)?.branches ?? [],
): string {
  if (typeof branchId !== "number" || !/^\d+$/.test(String(number))) return String(number);
  return formatDocumentNumber(branches.find((b) => b.id === branchId)?.short_code, number);
}

/** The short code of each of the user's branches that has one, by branch id. */
export function useBranchShortCodes(): ReadonlyMap<number, string> {
  const branches = useCurrentUser()?.branches;
  return useMemo(() => new Map((branches ?? []).flatMap((b) => (b.short_code ? [[b.id, b.short_code] as const] : []))), [branches]);
}

/** A document's number as it reads (ERB-241): its branch's short code before it; a provisional number as it is. */
export function useDocumentNumber(): (branchId: number | null | undefined, number: number | string) => string {
  const codes = useBranchShortCodes();
  return useCallback(
    (branchId, number) =>
      typeof number === "number" && typeof branchId === "number" ? formatDocumentNumber(codes.get(branchId), number) : String(number),
    [codes],
  );
}

/** A document as it prints and shows, its plain number read with its branch's code (a provisional one stays as it is). */
export function useCodedNumber(): <Doc extends { number: string; branchId?: number | null }>(doc: Doc) => Doc {
  const numberOf = useDocumentNumber();
  return useCallback(
    <Doc extends { number: string; branchId?: number | null }>(doc: Doc): Doc =>
      /^\d+$/.test(doc.number) ? { ...doc, number: numberOf(doc.branchId, Number(doc.number)) } : doc,
    [numberOf],
  );
}
