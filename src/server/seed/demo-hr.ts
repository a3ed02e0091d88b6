import { and, asc, eq, isNull } from "drizzle-orm";
import { add, lessThan, sub, toDecimalString } from "../../core/money";
import { contractBasePay, type SalaryStructure } from "../../core/payroll";
import type { Tx } from "../db/client";
import {
  appUser,
  authGroup,
  branch,
  cashbox,
  currency,
  employee,
  employeeContract,
  incomeType,
  position,
  userBranch,
  userGroup,
} from "../db/tables";
import type { AuthContext } from "../http/access";
import { hashPassword } from "../http/passwords";
import { cashboxBalance } from "../modules/accounting/cashbox.repository";
import { createCashboxDocumentTx } from "../modules/accounting/cashbox-document.service";
import { createPayrollTx } from "../modules/hr/payroll.service";
import { createSalaryAdvanceTx } from "../modules/hr/salary-advance.service";

const POSITIONS = [
  ["Branch Manager", "Runs the branch"],
  ["Accountant", "Books, cashboxes and payroll"],
  ["Sales Representative", "Counter and field sales"],
  ["Storekeeper", "Warehouse and stock counts"],
  ["Driver", "Deliveries"],
] as const;

/** Six employees per branch: name, gender, position index, structure, monthly-equivalent salary in IQD. */
const PEOPLE: [string, "male" | "female", number, SalaryStructure, string][][] = [
  [
    ["Karwan Aziz", "male", 0, "monthly", "1500000"],
    ["Shilan Ahmed", "female", 1, "monthly", "1100000"],
    ["Rebwar Omar", "male", 2, "monthly", "850000"],
    ["Dilan Hassan", "female", 2, "monthly", "800000"],
    ["Hemin Salih", "male", 3, "monthly", "750000"],
    ["Aras Jalal", "male", 4, "daily", "30000"],
  ],
  [
    ["Bakhtiyar Kareem", "male", 0, "monthly", "1400000"],
    ["Nazanin Rauf", "female", 1, "monthly", "1000000"],
    ["Soran Mahmood", "male", 2, "monthly", "800000"],
    ["Awat Rashid", "female", 2, "monthly", "780000"],
    ["Zryan Fuad", "male", 3, "monthly", "700000"],
    ["Kosar Ali", "female", 4, "weekly", "180000"],
  ],
];

/** yyyy-MM-dd of a day of the month `back` months before the current one (day 0: that month's last day). */
const monthDay = (back: number, day: number) => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + (day === 0 ? 1 : 0), day));
  return d.toISOString().slice(0, 10);
};

/**
 * HR demo: positions, a dozen employees over both branches with IQD contracts since last
 * year, an `hr` user (HR group, first branch), two months of payroll per branch paid from the branch's
 * IQD cashbox through the same service as the API, and two advances (one recovered by the last pay
 * run, one still open). A cashbox short of a month's salaries first gets the owner's top-up as an income.
 */
export async function seedDemoHr(tx: Tx): Promise<void> {
  const [admin] = await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, "admin"));
  const [iqd] = await tx.select({ id: currency.id }).from(currency).where(eq(currency.code, "IQD"));
  const branches = await tx.select({ id: branch.id }).from(branch).orderBy(asc(branch.id));
  if (!admin || !iqd || branches.length < 2) return;
  const auth: AuthContext = { userId: admin.id, tokenId: 0, isSuperuser: true, permissions: [], branchIds: branches.map((b) => b.id) };

  const [hrGroup] = await tx.select({ id: authGroup.id }).from(authGroup).where(eq(authGroup.name, "HR"));
  const [hrUser] = await tx
    .insert(appUser)
    .values({ username: "hr", passwordHash: await hashPassword("hr"), firstName: "HR", defaultBranchId: branches[0].id })
    .returning({ id: appUser.id });
  await tx.insert(userBranch).values({ userId: hrUser.id, branchId: branches[0].id });
  if (hrGroup) await tx.insert(userGroup).values({ userId: hrUser.id, groupId: hrGroup.id });

  const positions = await tx
    .insert(position)
    .values(POSITIONS.map(([name, description]) => ({ name, description, createdBy: admin.id })))
    .returning({ id: position.id });
  const [topUp] = await tx.insert(incomeType).values({ name: "Owner top-up" }).returning({ id: incomeType.id });
  const contractStart = `${new Date().getUTCFullYear() - 1}-01-01`;
  const months = [2, 1].map((back) => ({ start: monthDay(back, 1), end: monthDay(back, 0) }));

  for (const [index, b] of branches.slice(0, 2).entries()) {
    const people = PEOPLE[index];
    const staff = await tx
      .insert(employee)
      .values(
        people.map(([name, gender, pos, structure], i) => ({
          branchId: b.id,
          name,
          gender,
          phone: `+964 750 ${String(300 + index * 10 + i).padStart(3, "0")} ${String(1000 + i * 37).slice(0, 4)}`,
          address: index === 0 ? "Erbil" : "Sulaymaniyah",
          dateOfBirth: `${1975 + i * 4}-0${(i % 9) + 1}-15`,
          positionId: positions[pos].id,
          salaryStructure: structure,
          hireDate: contractStart,
          createdBy: admin.id,
        })),
      )
      .returning({ id: employee.id });
    const contracts = staff.map((s, i) => ({
      branchId: b.id,
      employeeId: s.id,
      startDate: contractStart,
      endDate: null,
      salaryAmount: people[i][4],
      currencyId: iqd.id,
      salaryStructure: people[i][3],
      allowances: i === 0 ? "100000" : "0",
      notes: "",
      createdBy: admin.id,
    }));
    await tx.insert(employeeContract).values(contracts);

    const [box] = await tx
      .select({ id: cashbox.id })
      .from(cashbox)
      .where(and(eq(cashbox.branchId, b.id), eq(cashbox.currencyId, iqd.id), isNull(cashbox.deletedAt)))
      .orderBy(asc(cashbox.id));
    if (!box) continue;
    const due = months
      .flatMap((m) =>
        contracts.map(
          (c) =>
            contractBasePay(
              {
                start_date: c.startDate,
                end_date: null,
                salary_amount: c.salaryAmount,
                allowances: c.allowances,
                salary_structure: c.salaryStructure,
              },
              m,
            ).base,
        ),
      )
      .reduce((acc, v) => add(acc, v), add(0, 0));
    // Room for the current month's run too (the e2e pays one there).
    const needed = add(due, 2000000);
    const balance = await cashboxBalance(tx, box.id, iqd.id);
    if (lessThan(balance, needed)) {
      await createCashboxDocumentTx(
        tx,
        "income",
        auth,
        {
          branch: b.id,
          type: topUp.id,
          cashbox: box.id,
          currency: null,
          amount: toDecimalString(sub(needed, balance)),
          input_date: monthDay(2, 1),
          note: "Owner top-up for salaries",
        },
        null,
      );
    }
    // An advance in the first month, recovered by the second month's pay run.
    await createSalaryAdvanceTx(
      tx,
      auth,
      { branch: b.id, employee: staff[2].id, cashbox: box.id, amount: "200000", input_date: monthDay(2, 20), note: "Family expense" },
      null,
    );
    for (const [m, period] of months.entries()) {
      await createPayrollTx(
        tx,
        auth,
        {
          branch: b.id,
          period_start: period.start,
          period_end: period.end,
          cashbox: box.id,
          input_date: period.end,
          note: "",
          lines: staff.map((s, i) => ({
            employee: s.id,
            bonus: m === 1 && i === 1 ? "50000" : null,
            absence: m === 0 && i === 3 ? "25000" : null,
            // The advance is left to the service: recovered on the run after it (the second month's).
            advance: m === 0 ? "0" : null,
          })),
        },
        null,
      );
    }
    if (index === 0) {
      await createSalaryAdvanceTx(
        tx,
        auth,
        {
          branch: b.id,
          employee: staff[4].id,
          cashbox: box.id,
          amount: "100000",
          input_date: monthDay(0, 1),
          note: "To be deducted next month",
        },
        null,
      );
    }
  }
}
