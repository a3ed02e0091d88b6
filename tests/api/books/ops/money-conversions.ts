import { convertedAmount } from "../../../../src/core/money-conversion";
import { cents, money } from "../books-helpers";
import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";

/**
 * Money conversions between a branch's IQD and USD cashboxes at moving rates (a new one, a delete), and a
 * new latest USD rate now and then, so receipts, payments and purchases are booked and settled at
 * different rates and their exchange differences are realised.
 */
export function moneyConversionOps({ world, books, dice, send }: OpsContext, { amountAround, spendable }: Choices) {
  interface Conversion {
    id: number;
    from: number;
    to: number;
    amount: number;
    amountIn: number;
    live: boolean;
  }
  const conversions: Conversion[] = [];
  const iqdSide = { isBase: true, latestRate: "1" };
  const usdSide = { isBase: false, latestRate: null };
  /** A rate around 1,300-1,500 IQD per USD, to a tenth of a dinar. */
  const movingRate = () => (dice.int(12_500, 15_500) / 10).toFixed(1);

  const moneyConversion: Builder = () => {
    const branch = dice.pick(world.branches);
    const toUsd = dice.chance(0.5);
    const [from, to] = toUsd
      ? [dice.chance(0.5) ? branch.boxes.iqd : branch.boxes.thin, branch.boxes.usd]
      : [branch.boxes.usd, branch.boxes.iqd];
    const amount = amountAround(spendable(from, toUsd ? world.iqd : world.usd), toUsd ? 100_000_00 : 100_00);
    const rate = movingRate();
    const amountIn = cents(
      toUsd ? convertedAmount(money(amount), rate, iqdSide, usdSide) : convertedAmount(money(amount), rate, usdSide, iqdSide),
    );
    return {
      label: `money-conversion ${from} -> ${to} amount=${money(amount)} rate=${rate}`,
      refusedBecause: firstBroken([
        [amount > books.balance(from), "the cashbox balance is not enough"],
        [amountIn <= 0, "the amount converts to nothing"],
      ]),
      send: send("POST", "/api/accounting/money-conversion/", {
        from_cashbox: from,
        to_cashbox: to,
        amount: money(amount),
        exchange_rate: rate,
      }),
      apply(body) {
        conversions.push({ id: (body as { id: number }).id, from, to, amount, amountIn, live: true });
        books.addCash(from, -amount);
        books.addCash(to, amountIn);
      },
    };
  };

  const moneyConversionDelete: Builder = () => {
    const live = conversions.filter((c) => c.live);
    if (live.length === 0) return null;
    const c = dice.pick(live);
    return {
      label: `money-conversion-delete ${c.id}`,
      refusedBecause: firstBroken([[books.balance(c.to) < c.amountIn, "the receiving cashbox would go below zero"]]),
      send: send("DELETE", `/api/accounting/money-conversion/${c.id}/`),
      apply() {
        books.addCash(c.from, c.amount);
        books.addCash(c.to, -c.amountIn);
        c.live = false;
      },
    };
  };

  /** Today's USD rate moves: what later documents are booked at, and what an empty account falls back to. */
  const exchangeRate: Builder = () => {
    const rate = movingRate();
    return {
      label: `exchange-rate USD ${rate}`,
      refusedBecause: null,
      send: send("POST", "/api/accounting/exchange-rate/", {
        currency: world.usd,
        rate,
        input_date: new Date().toISOString().slice(0, 10),
      }),
      apply() {},
    };
  };

  return { moneyConversion, moneyConversionDelete, exchangeRate };
}
