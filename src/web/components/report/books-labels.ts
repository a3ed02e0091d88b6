import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { CHART_GROUPS, type AccountClass, type ChartGroupKey } from "../../../core/chart-of-accounts";
import type { Language } from "../../lib/app-state";
import { isLanguage } from "../../lib/i18n";

/** An account or a group as the books' answers name it: a name in each language. */
export interface NamedInThree {
  name: string;
  name_ar: string;
  name_ckb: string;
}

export const nameIn = (row: NamedInThree, language: Language) =>
  language === "ar" ? row.name_ar : language === "ckb" ? row.name_ckb : row.name;

/** The screen's language, for the names the chart keeps in three languages. */
export function useBooksLanguage(): Language {
  const { i18n } = useLingui();
  return isLanguage(i18n.locale) ? i18n.locale : "en";
}

export const groupName = (group: ChartGroupKey, language: Language) => CHART_GROUPS[group].name[language];

/** Translated names of the account classes. */
export function useAccountClassLabel(): (accountClass: AccountClass) => string {
  const { t } = useLingui();
  return useMemo(() => {
    const labels: Record<AccountClass, string> = {
      asset: t`Asset`,
      liability: t`Liability`,
      equity: t`Equity`,
      income: t`Income`,
      expense: t`Expense`,
    };
    return (accountClass: AccountClass) => labels[accountClass];
  }, [t]);
}

/** The general ledger's route for an account, over a range, where a figure drills down to. */
export function generalLedgerPath(account: string, params: Record<string, string>): string {
  const query = new URLSearchParams({ ...params, account });
  return `/report/general-ledger?${query.toString()}`;
}
