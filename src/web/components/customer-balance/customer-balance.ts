import { useEffect, useState } from "react";
import { useLiveQuery } from "dexie-react-hooks";
import type { CustomerBalanceAnswer } from "../../../core/api-types";
import { owedInBase } from "../../../core/credit-limit";
import { add, sum, toDecimalString, tryMoney } from "../../../core/money";
import { api } from "../../lib/api-client";
import { getOfflineDb, type OfflineDb } from "../../offline/db";
import { useOnline } from "../../offline/online";
import { getOfflineRuntime } from "../../offline/runtime-registry";
import type { RowKey } from "../../offline/sync-tables";
import { documentTotals } from "../document/document-lines";

/** What a screen shows of a customer's account: the server's (or last known) figures plus the device's unsynced sales. */
export interface CustomerBalanceView {
  /** What they owe in the base currency, the device's unsynced sales included; null when never read. */
  balance: string | null;
  /** The unsynced sales' unpaid part in the base currency (0 when none). */
  pending: string;
  creditLimit: string | null;
  /** The server's answer, or the last one the device kept (offline). */
  server: CustomerBalanceAnswer | null;
  /** The figures are the last known, not read just now. */
  stale: boolean;
}

const db = (): OfflineDb => getOfflineRuntime()?.db ?? getOfflineDb();
/** The last answers read, per customer, so the counter still shows a balance offline. */
const KNOWN_KEY = "customer_balances";

/** The unpaid part, in the base currency, of the sales to the customer waiting in the outbox. */
async function pendingSalesOwed(customer: number): Promise<string> {
  const owed: string[] = [];
  await db().outbox.each((entry) => {
    if (entry.resource !== "sale/" || entry.body.customer !== customer) return;
    const body = entry.body as { items?: []; discount?: string; paid_amount?: string; exchange_rate?: string };
    const totals = documentTotals(body.items ?? [], body.discount ?? 0, body.paid_amount ?? 0);
    owed.push(owedInBase(totals.remaining, tryMoney(body.exchange_rate) ?? 1));
  });
  return toDecimalString(sum(owed));
}

async function knownAnswer(customer: number): Promise<CustomerBalanceAnswer | null> {
  return (await db().getMeta<Record<string, CustomerBalanceAnswer>>(KNOWN_KEY))?.[String(customer)] ?? null;
}

async function keepAnswer(answer: CustomerBalanceAnswer): Promise<void> {
  const known = (await db().getMeta<Record<string, CustomerBalanceAnswer>>(KNOWN_KEY)) ?? {};
  await db().setMeta(KNOWN_KEY, { ...known, [String(answer.customer)]: answer });
}

/**
 * The customer's balance for the counter, the sale form and the receipt form: online the server's
 * (read again when the customer or `refresh` changes), offline the last one read; plus what this
 * device's unsynced sales to them leave unpaid. The credit limit falls back to the device's copy of
 * the customer when the server never answered.
 */
export function useCustomerBalance(customer: RowKey | null | undefined, refresh: unknown = null): CustomerBalanceView {
  const online = useOnline();
  const id = typeof customer === "number" ? customer : null;
  const [server, setServer] = useState<{ id: number; answer: CustomerBalanceAnswer | null; fresh: boolean } | null>(null);
  const pending = useLiveQuery(() => (id === null ? "0.00" : pendingSalesOwed(id)), [id], "0.00");
  const cachedLimit = useLiveQuery(
    async () => (id === null ? null : ((await db().ref("customer").get(id))?.credit_limit ?? null)),
    [id],
    null,
  );

  useEffect(() => {
    if (id === null) return;
    let live = true;
    const fallBack = () => void knownAnswer(id).then((answer) => live && setServer({ id, answer, fresh: false }));
    if (!online) fallBack();
    else
      api
        .get(`customer/${id}/balance/`)
        .json<CustomerBalanceAnswer>()
        .then(async (answer) => {
          if (!live) return;
          setServer({ id, answer, fresh: true });
          await keepAnswer(answer);
        })
        .catch(fallBack);
    return () => {
      live = false;
    };
  }, [id, online, refresh]);

  const answer = server?.id === id ? server.answer : null;
  const limit = answer ? answer.credit_limit : typeof cachedLimit === "string" && cachedLimit !== "" ? cachedLimit : null;
  return {
    balance: answer ? toDecimalString(add(answer.balance, pending)) : null,
    pending,
    creditLimit: limit,
    server: answer,
    stale: server?.id === id ? !server.fresh : false,
  };
}
