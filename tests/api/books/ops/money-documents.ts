import { expect } from "vitest";
import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";
import { money, cents, type PartyKind } from "../books-helpers";
import { saleNet, purchaseNet, owedAfter, type BranchWorld, type SaleDoc, type PurchaseDoc, type MoneyDoc } from "../books-model";

/** Receipts and payments: new ones (named invoices or oldest first), an edit, a delete. */
export function moneyDocOps({ world, books, dice, send }: OpsContext, { pickBox, pickCurrency, curName, amountAround }: Choices) {
  interface MoneyDocAnswer {
    id: number;
    allocations: { sale?: number; purchase?: number; amount: string }[];
  }

  const invoicesOf = (kind: MoneyDoc["kind"]) => (kind === "receipt" ? books.sales : books.purchases);
  /** What it still waits for: owed after its returns, less what it took; never below zero (an over-paid invoice waits for nothing). */
  const remainingOf = (doc: SaleDoc | PurchaseDoc) =>
    Math.max(
      ("customer" in doc ? owedAfter(saleNet(doc), books.saleReturns, doc) : owedAfter(purchaseNet(doc), books.purchaseReturns, doc)) -
        doc.counter -
        doc.allocated,
      0,
    );
  /** The party's live invoices in the branch and currency that still wait for money. */
  const openInvoices = (kind: MoneyDoc["kind"], branch: BranchWorld, party: number, currency: number) =>
    invoicesOf(kind).filter(
      (d) =>
        d.live &&
        d.branch === branch &&
        d.currency === currency &&
        ("customer" in d ? d.customer : d.supplier) === party &&
        remainingOf(d) > 0,
    );
  const findInvoice = (kind: MoneyDoc["kind"], id: number) => {
    const doc = invoicesOf(kind).find((d) => d.id === id);
    if (!doc) throw new Error(`${kind} allocated to invoice ${id}, which is not one of this test's`);
    return doc;
  };
  const applyMoneyDoc = (m: MoneyDoc, sign: 1 | -1) => {
    books.addCash(m.cashbox, (m.kind === "receipt" ? sign : -sign) * m.amount);
    books.addOwed(m.kind === "receipt" ? "customer" : "supplier", m.party, m.currency, -sign * m.amount);
    for (const a of m.allocations) findInvoice(m.kind, a.invoice).allocated += sign * a.amount;
  };
  /** Takes the server's allocations; when left to the server they must cover min(amount, what is open). */
  const takeAllocations = (m: MoneyDoc, body: unknown, automatic: boolean) => {
    const answer = body as MoneyDocAnswer;
    m.allocations = answer.allocations.map((a) => ({ invoice: (a.sale ?? a.purchase)!, amount: cents(a.amount) }));
    if (automatic) {
      const open = openInvoices(m.kind, m.branch, m.party, m.currency).reduce((s, d) => s + remainingOf(d), 0);
      const allocated = m.allocations.reduce((s, a) => s + a.amount, 0);
      expect(allocated, `${m.kind} ${m.id} allocated ${money(allocated)} of ${money(m.amount)} with ${money(open)} open`).toBe(
        Math.min(m.amount, open),
      );
    }
  };

  const moneyDoc =
    (kind: MoneyDoc["kind"]): Builder =>
    () => {
      const branch = dice.pick(world.branches);
      const party = dice.pick(kind === "receipt" ? branch.customers : branch.suppliers);
      const partyKind: PartyKind = kind === "receipt" ? "customer" : "supplier";
      const currency = pickCurrency();
      const cashbox = pickBox(branch, currency);
      let amount = amountAround(books.owedBy(partyKind, party, currency), currency === world.iqd ? 2_000_000 : 20_000);
      const open = openInvoices(kind, branch, party, currency);
      // Sometimes the invoice is named, with an amount up to (or, refused, beyond) what it still waits for.
      let named: { invoice: SaleDoc | PurchaseDoc; amount: number } | null = null;
      if (open.length && dice.chance(0.3)) {
        const invoice = dice.pick(open);
        const wanted = dice.chance(0.1) ? remainingOf(invoice) + 1 : dice.int(1, remainingOf(invoice));
        named = { invoice, amount: wanted };
        amount = dice.chance(0.1) ? Math.max(1, wanted - 1) : Math.max(amount, wanted);
      }
      const doc: MoneyDoc = { id: 0, kind, branch, party, cashbox, currency, amount, allocations: [], live: true };
      const invoiceKey = kind === "receipt" ? "sales" : "purchases";
      const invoiceField = kind === "receipt" ? "sale" : "purchase";
      return {
        label: `${kind} b${branch.id} ${partyKind}${party} ${curName(currency)} box=${cashbox} amount=${money(amount)}${named ? ` for ${named.invoice.id}:${money(named.amount)}` : ""}`,
        refusedBecause: firstBroken([
          [named !== null && named.amount > remainingOf(named.invoice), "allocated above what the invoice waits for"],
          [named !== null && named.amount > amount, "allocations above the amount"],
          [kind === "payment" && amount > books.balance(cashbox), "the cashbox balance is not enough"],
        ]),
        send: send("POST", `/api/accounting/${kind}/`, {
          branch: branch.id,
          [partyKind]: party,
          cashbox,
          amount: money(amount),
          [invoiceKey]: named ? [{ [invoiceField]: named.invoice.id, amount: money(named.amount) }] : null,
        }),
        apply(body) {
          doc.id = (body as MoneyDocAnswer).id;
          takeAllocations(doc, body, named === null);
          books.moneyDocs.push(doc);
          applyMoneyDoc(doc, 1);
        },
      };
    };

  const moneyDocEdit: Builder = () => {
    const live = books.moneyDocs.filter((m) => m.live);
    if (live.length === 0) return null;
    const m = dice.pick(live);
    const partyKind = m.kind === "receipt" ? "customer" : "supplier";
    const amount = amountAround(m.amount, m.amount);
    // Money in (receipt) or out (payment) changes by the difference.
    const after = books.balance(m.cashbox) + (m.kind === "receipt" ? amount - m.amount : m.amount - amount);
    return {
      label: `${m.kind}-edit ${m.id} amount ${money(m.amount)} -> ${money(amount)}`,
      refusedBecause: firstBroken([[after < 0, "the cashbox would go below zero"]]),
      send: send("PUT", `/api/accounting/${m.kind}/${m.id}/`, {
        branch: m.branch.id,
        [partyKind]: m.party,
        cashbox: m.cashbox,
        amount: money(amount),
      }),
      apply(body) {
        applyMoneyDoc(m, -1);
        m.amount = amount;
        takeAllocations(m, body, true);
        applyMoneyDoc(m, 1);
      },
    };
  };

  const moneyDocDelete: Builder = () => {
    const live = books.moneyDocs.filter((m) => m.live);
    if (live.length === 0) return null;
    const m = dice.pick(live);
    return {
      label: `${m.kind}-delete ${m.id}`,
      refusedBecause: firstBroken([[m.kind === "receipt" && books.balance(m.cashbox) < m.amount, "the cashbox would go below zero"]]),
      send: send("DELETE", `/api/accounting/${m.kind}/${m.id}/`),
      apply() {
        applyMoneyDoc(m, -1);
        m.live = false;
      },
    };
  };

  return { receipt: moneyDoc("receipt"), payment: moneyDoc("payment"), moneyDocEdit, moneyDocDelete };
}
