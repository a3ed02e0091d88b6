/** Routes and endpoints of the HR screens. */
export const HR = {
  position: { path: "/hr/position", endpoint: "hr/position/" },
  employee: { path: "/hr/employee", endpoint: "hr/employee/" },
  contract: { path: "/hr/employee-contract", endpoint: "hr/employee-contract/" },
  payroll: { path: "/hr/payroll", endpoint: "hr/payroll/" },
  advance: { path: "/hr/salary-advance", endpoint: "hr/salary-advance/" },
} as const;

/** The calendar month of a day, first to last day: a pay period's default. */
export function wholeMonth(day: Date = new Date()): { start: string; end: string } {
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  return { start: iso(new Date(day.getFullYear(), day.getMonth(), 1)), end: iso(new Date(day.getFullYear(), day.getMonth() + 1, 0)) };
}
