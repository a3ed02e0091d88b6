import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";
import { money } from "../books-helpers";

/** Today as the server dates a document without a date. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

const daysBefore = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Backdated expenses and the branches' lock dates: an expense dated in the past is refused when its
 * branch is locked through that date, or when it would take its cashbox below zero at the end of its
 * own day or of any later one (not only today); the lock moves forward, always before today.
 */
export function backdatedOps({ world, books, dice, send }: OpsContext, { pickBox, pickCurrency, amountAround, spendable }: Choices) {
  /**
   * The cashbox's balance at the end of `date` and of each later past day that moved it, and today's,
   * in cents: where the server checks a backdated document.
   */
  const balancesFrom = (cashbox: number, date: string): number[] => {
    const days = [...(books.pastDays.get(cashbox) ?? new Map<string, number>())].sort(([a], [b]) => a.localeCompare(b));
    const before = days.filter(([day]) => day < date).reduce((total, [, net]) => total + net, 0);
    // The end of `date` itself: only the new document moves it, when no other did that day.
    const out = days.some(([day]) => day === date) ? [] : [before];
    let running = before;
    for (const [day, net] of days) {
      if (day < date) continue;
      running += net;
      out.push(running);
    }
    out.push(books.balance(cashbox));
    return out;
  };

  const backdatedExpense: Builder = () => {
    const branch = dice.pick(world.branches);
    const currency = pickCurrency();
    const cashbox = pickBox(branch, currency);
    const date = daysBefore(todayIso(), dice.int(1, 240));
    const lowest = Math.min(...balancesFrom(cashbox, date));
    const amount = amountAround(Math.min(Math.max(lowest, 0), spendable(cashbox, currency)), 100_000);
    const lock = books.locks.get(branch.id) ?? null;
    return {
      label: `backdated expense b${branch.id} box=${cashbox} ${date} amount=${money(amount)}`,
      refusedBecause: firstBroken([
        [lock !== null && date <= lock, "the period is closed"],
        [amount > lowest, "the cashbox balance is not enough on some day from the date on"],
      ]),
      send: send("POST", "/api/accounting/expense/", {
        branch: branch.id,
        expense_type: world.expenseType,
        cashbox,
        amount: money(amount),
        date,
      }),
      apply(body) {
        books.cashDocs.push({ id: (body as { id: number }).id, kind: "expense", branch, cashbox, amount, live: true, date });
        const days = books.pastDays.get(cashbox) ?? new Map<string, number>();
        days.set(date, (days.get(date) ?? 0) - amount);
        books.pastDays.set(cashbox, days);
        books.addCash(cashbox, -amount);
      },
    };
  };

  const lockMove: Builder = () => {
    const branch = dice.pick(world.branches);
    const current = books.locks.get(branch.id) ?? daysBefore(todayIso(), 241);
    const latest = daysBefore(todayIso(), 1);
    if (current >= latest) return null;
    const span = Math.round((Date.parse(latest) - Date.parse(current)) / 86_400_000);
    const lockDate = daysBefore(latest, dice.int(0, Math.max(0, span - 1)));
    return {
      label: `lock b${branch.id} through ${lockDate}`,
      refusedBecause: null,
      send: send("PUT", "/api/accounting/period-lock/", { branch: branch.id, lock_date: lockDate }),
      apply() {
        books.locks.set(branch.id, lockDate);
      },
    };
  };

  return { backdatedExpense, lockMove };
}
