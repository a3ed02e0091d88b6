import type { TestResponse } from "../../support/test-app";
import type { Dice, StockAnswer } from "../books-helpers";
import type { Books, BranchWorld, World } from "../books-model";
import { money } from "../books-helpers";

/**
 * What every operation of the random books test is made of: one request of the sequence, what it is
 * (for the log), whether the rules let it through, and what it changes in the model when the server
 * accepts it; and the choices the document kinds share (amounts, prices, cashboxes, targets).
 */

export interface Operation {
  label: string;
  /** null: the rules let it through; otherwise the rule that must refuse it. */
  refusedBecause: string | null;
  send(): Promise<TestResponse<unknown>>;
  apply(body: unknown): Promise<void> | void;
}

export type Builder = () => Operation | null;

/** The world, the model and the dice of one run, and its requests as the admin makes them. */
export interface OpsContext {
  world: World;
  books: Books;
  dice: Dice;
  /** A request as the admin (a POST with a fresh form token), sent when the step runs. */
  send: (method: "POST" | "PUT" | "DELETE", url: string, body?: Record<string, unknown>) => () => Promise<TestResponse<unknown>>;
  /** The stock rows with these ids (or of these items), through the paged stock list. */
  stockRows: (filter: "id" | "item", ids: readonly number[]) => Promise<StockAnswer[]>;
}

/** The first rule (of those given) that a request breaks, or null. */
export const firstBroken = (rules: [boolean, string][]): string | null => rules.find(([broken]) => broken)?.[1] ?? null;

/** The choices every document kind makes the same way. */
export function sharedChoices({ world, books, dice }: OpsContext) {
  const boxesOf = (b: BranchWorld, currency: number) => (currency === world.iqd ? [b.boxes.iqd, b.boxes.thin] : [b.boxes.usd]);
  const pickBox = (b: BranchWorld, currency: number) =>
    currency === world.usd ? b.boxes.usd : dice.chance(0.5) ? b.boxes.thin : b.boxes.iqd;
  const pickCurrency = () => (dice.chance(0.8) ? world.iqd : world.usd);
  /** A unit price: whole dinars in steps of 50, or dollars and cents. */
  const price = (currency: number) => (currency === world.iqd ? dice.int(5, 60) * 5_000 : dice.int(100, 2_500));
  const curName = (currency: number) => (currency === world.iqd ? "IQD" : "USD");
  /** A discount of up to a tenth of the total, sometimes. */
  const discountOf = (total: number) => (dice.chance(0.2) ? dice.int(0, Math.floor(total / 10)) : 0);
  /** What is paid at once: all, part or nothing of the net. */
  const paidOf = (net: number): { type: "cash" | "debit"; paid: number } => {
    const mode = dice.weighted({ cash: 3, partial: 2, credit: 3 });
    if (mode === "credit" || net === 0) return { type: "debit", paid: 0 };
    if (mode === "partial" && net > 1) return { type: "cash", paid: dice.int(1, net - 1) };
    return { type: "cash", paid: net };
  };
  /** An amount around `around`: usually up to it, sometimes all of it (a cashbox drained to zero), sometimes beyond. */
  const amountAround = (around: number, fallback: number) => {
    if (around <= 0) return dice.int(1, fallback);
    const roll = dice.weighted({ within: 14, all: 3, beyond: 3 });
    if (roll === "all") return around;
    return roll === "within" ? dice.int(1, around) : around + dice.int(1, Math.max(1, Math.floor(around / 4)));
  };
  /** One of the documents, more often one that the rules still let change (so edits and deletes get through too). */
  const pickTarget = <D>(docs: readonly D[], changeable: (d: D) => boolean): D | null => {
    const open = docs.filter(changeable);
    if (open.length && dice.chance(0.6)) return dice.pick(open);
    return docs.length ? dice.pick(docs) : null;
  };
  /** What a cashbox could spend, capped so that the demo cashboxes are not drained by a few expenses. */
  const spendable = (cashbox: number, currency: number) => Math.min(books.balance(cashbox), currency === world.iqd ? 50_000_000 : 50_000);
  /** The inventory's stock rows holding at least one unit (or, `empty`, none at all). */
  const rowsIn = (inventory: number, empty = false) =>
    [...books.stock.values()].filter((r) => r.inventory === inventory && (empty ? r.quantity === 0 : r.quantity >= 1000));
  const describeLines = (lines: readonly { stock: number | null; item: number; quantity: number; price?: number }[]) =>
    lines.map((l) => `${l.stock ?? `svc${l.item}`}x${l.quantity / 1000}${l.price === undefined ? "" : `@${money(l.price)}`}`).join(",");
  return { boxesOf, pickBox, pickCurrency, price, curName, discountOf, paidOf, amountAround, pickTarget, spendable, rowsIn, describeLines };
}

export type Choices = ReturnType<typeof sharedChoices>;
