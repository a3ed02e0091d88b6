import { useAtomValue } from "jotai";
import { DISPLAY_DATE_TIME, formatDate } from "../../../core/dates";
import { languageAtom, printInfosAtom } from "../../lib/app-state";
import { isRtl } from "../../lib/i18n";
import { useCurrentUser } from "../../lib/use-permission";
import type { BranchPrintHeader, PrintOptions } from "./print-html";
import { printLogoUrl } from "./print-info-cache";
import { openPrintWindow } from "./print-window";

/** `branch`, when given, is printed as is (a document's own header); else the print info of `branchId`. */
export type PrintRequest = Omit<PrintOptions, "printedAt" | "dir" | "lang"> & { branchId?: number | null };

/** Prints with the branch header of the given (or the user's default) branch, in the UI language and direction. */
export function usePrint(): (request: PrintRequest) => void {
  const printInfos = useAtomValue(printInfosAtom);
  const language = useAtomValue(languageAtom);
  const user = useCurrentUser();
  return ({ branchId, branch: given, ...request }) => {
    const wanted = branchId ?? user?.default_branch_id ?? user?.branches[0]?.id ?? null;
    const info = printInfos.find((p) => p.branch.id === wanted) ?? printInfos[0];
    const branch: BranchPrintHeader | null =
      given !== undefined
        ? given
        : info
          ? {
              name: info.name,
              description: info.description,
              logoUrl: printLogoUrl(info.logo),
              phone: info.phone,
              address: info.address,
            }
          : null;
    openPrintWindow({
      ...request,
      branch,
      printedAt: formatDate(new Date(), DISPLAY_DATE_TIME),
      dir: isRtl(language) ? "rtl" : "ltr",
      lang: language,
    });
  };
}
