import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";
import { money } from "../books-helpers";
import { type CashDoc } from "../books-model";

/** Expenses and incomes: new ones, an edit, a delete. */
export function cashDocOps({ world, books, dice, send }: OpsContext, { pickBox, pickCurrency, amountAround, spendable }: Choices) {
  const cashSign = (kind: CashDoc["kind"]) => (kind === "income" ? 1 : -1);

  const cashDoc =
    (kind: CashDoc["kind"]): Builder =>
    () => {
      const branch = dice.pick(world.branches);
      const currency = pickCurrency();
      const cashbox = pickBox(branch, currency);
      const amount =
        kind === "expense"
          ? amountAround(spendable(cashbox, currency), 100_000)
          : dice.int(1, currency === world.iqd ? 50_000_000 : 50_000);
      const typeKey = kind === "expense" ? "expense_type" : "income_type";
      return {
        label: `${kind} b${branch.id} box=${cashbox} amount=${money(amount)}`,
        refusedBecause: firstBroken([[kind === "expense" && amount > books.balance(cashbox), "the cashbox balance is not enough"]]),
        send: send("POST", `/api/accounting/${kind}/`, {
          branch: branch.id,
          [typeKey]: kind === "expense" ? world.expenseType : world.incomeType,
          cashbox,
          amount: money(amount),
        }),
        apply(body) {
          books.cashDocs.push({ id: (body as { id: number }).id, kind, branch, cashbox, amount, live: true });
          books.addCash(cashbox, cashSign(kind) * amount);
        },
      };
    };

  const cashDocEdit: Builder = () => {
    const live = books.cashDocs.filter((d) => d.live && d.date === undefined);
    if (live.length === 0) return null;
    const d = dice.pick(live);
    const amount = amountAround(d.amount, d.amount);
    return {
      label: `${d.kind}-edit ${d.id} amount ${money(d.amount)} -> ${money(amount)}`,
      refusedBecause: firstBroken([
        [books.balance(d.cashbox) + cashSign(d.kind) * (amount - d.amount) < 0, "the cashbox would go below zero"],
      ]),
      send: send("PUT", `/api/accounting/${d.kind}/${d.id}/`, {
        branch: d.branch.id,
        [d.kind === "expense" ? "expense_type" : "income_type"]: d.kind === "expense" ? world.expenseType : world.incomeType,
        cashbox: d.cashbox,
        amount: money(amount),
      }),
      apply() {
        books.addCash(d.cashbox, cashSign(d.kind) * (amount - d.amount));
        d.amount = amount;
      },
    };
  };

  const cashDocDelete: Builder = () => {
    const live = books.cashDocs.filter((d) => d.live && d.date === undefined);
    if (live.length === 0) return null;
    const d = dice.pick(live);
    return {
      label: `${d.kind}-delete ${d.id}`,
      refusedBecause: firstBroken([[d.kind === "income" && books.balance(d.cashbox) < d.amount, "the cashbox would go below zero"]]),
      send: send("DELETE", `/api/accounting/${d.kind}/${d.id}/`),
      apply() {
        books.addCash(d.cashbox, -cashSign(d.kind) * d.amount);
        d.live = false;
      },
    };
  };

  return { expense: cashDoc("expense"), income: cashDoc("income"), cashDocEdit, cashDocDelete };
}
