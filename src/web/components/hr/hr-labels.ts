import { useMemo } from "react";
import { useLingui } from "@lingui/react/macro";
import { GENDERS, SALARY_STRUCTURES, type Gender, type SalaryStructure } from "../../../core/payroll";

/** Translated names of the salary structures and genders, and their choice lists. */
export function useHrLabels() {
  const { t } = useLingui();
  return useMemo(() => {
    const structures: Record<SalaryStructure, string> = {
      monthly: t`Monthly`,
      weekly: t`Weekly`,
      daily: t`Daily`,
      hourly: t`Hourly`,
    };
    const genders: Record<Gender, string> = { male: t`Male`, female: t`Female` };
    return {
      structure: (value: string | null | undefined) => structures[value as SalaryStructure] ?? value ?? "",
      gender: (value: string | null | undefined) => genders[value as Gender] ?? value ?? "",
      structureChoices: SALARY_STRUCTURES.map((id) => ({ id, name: structures[id] })),
      genderChoices: GENDERS.map((id) => ({ id, name: genders[id] })),
    };
  }, [t]);
}
