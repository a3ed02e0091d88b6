import { expect } from "vitest";
import { firstBroken, type Builder, type OpsContext, type Choices } from "./operation";
import { money, cents, type PartyKind } from "../books-helpers";
import {
  saleNet,
  purchaseNet,
  owedAfter,
  paidOf,
  noteOpen,
  type BranchWorld,
  type SaleDoc,
  type PurchaseDoc,
  type MoneyDoc,
  type NoteUse,
} from "../books-model";

/**
 * Receipts and payments: new ones (named invoices or oldest first), ones that use the party's open credit
 * notes beside their cash, an edit (that keeps, changes or drops the notes it used), a delete.
 */
export function moneyDocOps({ world, books, dice, send }: OpsContext, { pickBox, pickCurrency, curName, amountAround }: Choices) {
  interface MoneyDocAnswer {
    id: number;
    allocations: { sale?: number; purchase?: number; amount: string }[];
    credit_notes: { credit_note: number; amount: string }[];
  }

  const invoicesOf = (kind: MoneyDoc["kind"]) => (kind === "receipt" ? books.sales : books.purchases);
  /** What it still waits for: owed after its returns, less what it took; never below zero (an over-paid invoice waits for nothing). */
  const remainingOf = (doc: SaleDoc | PurchaseDoc) =>
    Math.max(
      "customer" in doc
        ? owedAfter(saleNet(doc), books.saleReturns, doc) - paidOf(books.saleReturns, doc)
        : owedAfter(purchaseNet(doc), books.purchaseReturns, doc) - paidOf(books.purchaseReturns, doc),
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
  const notesTotal = (notes: readonly NoteUse[]) => notes.reduce((s, n) => s + n.amount, 0);
  /** The party's credit notes in the currency that are still open (their returns live), of any branch. */
  const openNotesOf = (kind: MoneyDoc["kind"], party: number, currency: number) =>
    kind === "receipt"
      ? books.saleReturns.filter((r) => r.live && r.of.customer === party && r.of.currency === currency && noteOpen(r) > 0)
      : books.purchaseReturns.filter((r) => r.live && r.of.supplier === party && r.of.currency === currency && noteOpen(r) > 0);
  /** A document's effects; undone (-1), it gives back what it used of its credit notes. */
  const applyMoneyDoc = (m: MoneyDoc, sign: 1 | -1) => {
    books.addCash(m.cashbox, (m.kind === "receipt" ? sign : -sign) * m.amount);
    books.addOwed(m.kind === "receipt" ? "customer" : "supplier", m.party, m.currency, -sign * (m.amount + notesTotal(m.notes)));
    for (const a of m.allocations) findInvoice(m.kind, a.invoice).allocated += sign * a.amount;
    for (const n of m.notes) n.note.used += sign * n.amount;
  };
  /**
   * Some of the party's open notes (what `own` used counts as open again: an edit gives it back first), each
   * for part or all of what is open, now and then beyond it (refused); and the rule that refuses them.
   */
  const pickNotes = (kind: MoneyDoc["kind"], party: number, currency: number, own: readonly NoteUse[] = []) => {
    const openOf = (note: NoteUse["note"]) => noteOpen(note) + own.filter((n) => n.note === note).reduce((s, n) => s + n.amount, 0);
    const candidates = [...new Set([...openNotesOf(kind, party, currency), ...own.map((n) => n.note)])].filter((r) => openOf(r) > 0);
    const notes: NoteUse[] = dice.some(candidates, dice.int(1, 2)).map((note) => {
      const roll = dice.weighted({ part: 6, all: 3, beyond: 1 });
      const open = openOf(note);
      return { note, amount: roll === "beyond" ? open + 1 : roll === "all" ? open : dice.int(1, open) };
    });
    const rule: [boolean, string] = [notes.some((n) => n.amount > openOf(n.note)), "more than a credit note's open amount"];
    return { notes, rule };
  };
  const notesBody = (notes: readonly NoteUse[]) => notes.map((n) => ({ credit_note: n.note.id, amount: money(n.amount) }));
  const notesLabel = (notes: readonly NoteUse[]) =>
    notes.length ? ` notes=${notes.map((n) => `${n.note.id}:${money(n.amount)}`).join(",")}` : "";
  /**
   * Takes the server's allocations; when left to the server they must cover min(amount + the credit notes
   * used, what is open). The notes it answers are the ones sent.
   */
  const takeAllocations = (m: MoneyDoc, body: unknown, automatic: boolean) => {
    const answer = body as MoneyDocAnswer;
    m.allocations = answer.allocations.map((a) => ({ invoice: (a.sale ?? a.purchase)!, amount: cents(a.amount) }));
    expect(
      answer.credit_notes.map((n) => ({ credit_note: n.credit_note, amount: n.amount })),
      `the credit notes ${m.kind} ${m.id} used`,
    ).toEqual([...notesBody(m.notes)].sort((a, b) => a.credit_note - b.credit_note));
    if (automatic) {
      const open = openInvoices(m.kind, m.branch, m.party, m.currency).reduce((s, d) => s + remainingOf(d), 0);
      const allocated = m.allocations.reduce((s, a) => s + a.amount, 0);
      const settling = m.amount + notesTotal(m.notes);
      expect(allocated, `${m.kind} ${m.id} allocated ${money(allocated)} of ${money(settling)} with ${money(open)} open`).toBe(
        Math.min(settling, open),
      );
    }
  };

  /** A receipt (payment); `withNotes`, of a party with open credit notes, using some of them. */
  const moneyDoc =
    (kind: MoneyDoc["kind"], withNotes = false): Builder =>
    () => {
      const partyKind: PartyKind = kind === "receipt" ? "customer" : "supplier";
      let branch = dice.pick(world.branches);
      let party = dice.pick(kind === "receipt" ? branch.customers : branch.suppliers);
      let currency = pickCurrency();
      if (withNotes) {
        const noted = world.branches.flatMap((b) =>
          (kind === "receipt" ? b.customers : b.suppliers).flatMap((p) =>
            [world.iqd, world.usd].filter((c) => openNotesOf(kind, p, c).length > 0).map((c) => ({ b, p, c })),
          ),
        );
        if (noted.length === 0) return null;
        ({ b: branch, p: party, c: currency } = dice.pick(noted));
      }
      const cashbox = pickBox(branch, currency);
      const { notes, rule: notesRule } = withNotes
        ? pickNotes(kind, party, currency)
        : { notes: [], rule: [false, ""] as [boolean, string] };
      let amount = amountAround(books.owedBy(partyKind, party, currency), currency === world.iqd ? 2_000_000 : 20_000);
      const open = openInvoices(kind, branch, party, currency);
      // Sometimes the invoice is named, with an amount up to (or, refused, beyond) what it still waits for.
      let named: { invoice: SaleDoc | PurchaseDoc; amount: number } | null = null;
      if (open.length && dice.chance(0.3)) {
        const invoice = dice.pick(open);
        const wanted = dice.chance(0.1) ? remainingOf(invoice) + 1 : dice.int(1, remainingOf(invoice));
        named = { invoice, amount: wanted };
        amount = dice.chance(0.1) ? Math.max(1, wanted - 1 - notesTotal(notes)) : Math.max(amount, wanted - notesTotal(notes), 1);
      }
      const doc: MoneyDoc = { id: 0, kind, branch, party, cashbox, currency, amount, allocations: [], notes, live: true };
      const invoiceKey = kind === "receipt" ? "sales" : "purchases";
      const invoiceField = kind === "receipt" ? "sale" : "purchase";
      return {
        label: `${kind} b${branch.id} ${partyKind}${party} ${curName(currency)} box=${cashbox} amount=${money(amount)}${notesLabel(notes)}${named ? ` for ${named.invoice.id}:${money(named.amount)}` : ""}`,
        refusedBecause: firstBroken([
          notesRule,
          [named !== null && named.amount > remainingOf(named.invoice), "allocated above what the invoice waits for"],
          [named !== null && named.amount > amount + notesTotal(notes), "allocations above the amount and the credit notes"],
          [kind === "payment" && amount > books.balance(cashbox), "the cashbox balance is not enough"],
        ]),
        send: send("POST", `/api/accounting/${kind}/`, {
          branch: branch.id,
          [partyKind]: party,
          cashbox,
          amount: money(amount),
          [invoiceKey]: named ? [{ [invoiceField]: named.invoice.id, amount: money(named.amount) }] : null,
          ...(withNotes ? { credit_notes: notesBody(notes) } : {}),
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
    // The credit notes it used: sent again as they were, picked again, or left out (their open amounts come back).
    const notesMode = m.notes.length ? dice.weighted({ same: 3, other: 2, none: 2 }) : dice.weighted({ none: 6, other: 1 });
    const picked = notesMode === "other" ? pickNotes(m.kind, m.party, m.currency, m.notes) : null;
    const notes = notesMode === "same" ? m.notes : (picked?.notes ?? []);
    return {
      label: `${m.kind}-edit ${m.id} amount ${money(m.amount)} -> ${money(amount)}${notesMode === "none" && m.notes.length ? " no notes" : notesLabel(notes)}`,
      refusedBecause: firstBroken([picked?.rule ?? [false, ""], [after < 0, "the cashbox would go below zero"]]),
      send: send("PUT", `/api/accounting/${m.kind}/${m.id}/`, {
        branch: m.branch.id,
        [partyKind]: m.party,
        cashbox: m.cashbox,
        amount: money(amount),
        ...(notesMode === "none" && dice.chance(0.5) ? {} : { credit_notes: notesBody(notes) }),
      }),
      apply(body) {
        applyMoneyDoc(m, -1);
        Object.assign(m, { amount, notes });
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

  return {
    receipt: moneyDoc("receipt"),
    payment: moneyDoc("payment"),
    receiptWithNotes: moneyDoc("receipt", true),
    paymentWithNotes: moneyDoc("payment", true),
    moneyDocEdit,
    moneyDocDelete,
  };
}
