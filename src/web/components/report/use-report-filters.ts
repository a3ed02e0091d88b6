import { useMemo, useState } from "react";
import { defaultDateRange, type DateRange } from "../../../core/dates";

/** The filters every report has (SCREENS.md): date range (this month by default), branches, one currency. */
export interface ReportFilters {
  range: DateRange | null;
  setRange: (range: DateRange | null) => void;
  /** Chosen branches; none means every branch of the user. */
  branches: number[];
  setBranches: (branches: number[]) => void;
  /** Chosen currency; null means every currency, in the base currency. */
  currency: number | null;
  setCurrency: (currency: number | null) => void;
  /** The query they make: start_date, end_date, branch (comma list), currency. */
  params: Record<string, string>;
}

export function useReportFilters(initial: { range?: DateRange | null } = {}): ReportFilters {
  const [range, setRange] = useState<DateRange | null>(() => (initial.range === undefined ? defaultDateRange() : initial.range));
  const [branches, setBranches] = useState<number[]>([]);
  const [currency, setCurrency] = useState<number | null>(null);
  const params = useMemo(() => {
    const query: Record<string, string> = {};
    if (range) {
      query.start_date = range.start;
      query.end_date = range.end;
    }
    if (branches.length > 0) query.branch = branches.join(",");
    if (currency !== null) query.currency = String(currency);
    return query;
  }, [range, branches, currency]);
  return { range, setRange, branches, setBranches, currency, setCurrency, params };
}
