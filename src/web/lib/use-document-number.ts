import { useCallback } from "react";
import { codedDocumentNumber } from "../../core/document-number";
import { appStore, storedUserAtom } from "./app-state";
import { useCurrentUser } from "./use-permission";

/** A document's number as it reads (core codedDocumentNumber), outside React: a print, a search over the device's tables. */
export const codedNumber = (branchId: number | null | undefined, number: number | string): string =>
  codedDocumentNumber(appStore.get(storedUserAtom)?.branches ?? [], branchId, number);

/** A document's number as it reads (ERB-241), over the signed-in user's branches. */
export function useDocumentNumber(): (branchId: number | null | undefined, number: number | string) => string {
  const branches = useCurrentUser()?.branches;
  return useCallback((branchId, number) => codedDocumentNumber(branches ?? [], branchId, number), [branches]);
}

/** A document as it prints and shows, its plain number read with its branch's code (a provisional one stays as it is). */
export function useCodedNumber(): <Doc extends { number: string; branchId?: number | null }>(doc: Doc) => Doc {
  const numberOf = useDocumentNumber();
  return useCallback(
    <Doc extends { number: string; branchId?: number | null }>(doc: Doc): Doc => ({ ...doc, number: numberOf(doc.branchId, doc.number) }),
    [numberOf],
  );
}
