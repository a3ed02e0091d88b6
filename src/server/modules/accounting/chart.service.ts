import { sql } from "drizzle-orm";
import {
  CHART_GROUPS,
  FIXED_ACCOUNTS,
  accountKey,
  compareAccounts,
  parseAccountKey,
  placeAccount,
  type ChartAccount,
} from "../../../core/chart-of-accounts";
import { MESSAGES } from "../../../core/messages";
import type { LedgerAccountInput } from "../../../core/validation/accounting-schemas";
import { queryRows, type Db, type Executor } from "../../db/client";
import type { AuthContext } from "../../http/access";
import { fieldErrors, notFound } from "../../http/errors";
import {
  accountOverrides,
  lockChart,
  postedAccounts,
  recordAccounts,
  saveAccountOverride,
  type RecordAccountRow,
} from "./chart.repository";

export interface PostedAccount {
  account_type: string;
  account_id: number | null;
}

/**
 * The chart the caller sees: every fixed account, the account of every record of their branches, and
 * any other account with lines in them (a deleted record's, a kind of posting the chart does not know),
 * named by what a user changed, else by the chart (fixed accounts) or the record.
 */
export async function chartAccounts(
  ex: Executor,
  branchIds: readonly number[],
  posted?: readonly PostedAccount[],
): Promise<ChartAccount[]> {
  const [records, overrides, ledgerAccounts] = await Promise.all([
    recordAccounts(ex, branchIds, true),
    accountOverrides(ex),
    posted ? Promise.resolve(posted) : postedAccounts(ex, branchIds),
  ]);
  const overrideOf = new Map(overrides.map((o) => [o.account_key, o]));
  const recordOf = new Map<string, RecordAccountRow>(records.map((r) => [accountKey(r.account_type, r.account_id), r]));
  const keys = new Set<string>(FIXED_ACCOUNTS.map((a) => a.accountType));
  for (const r of records) if (!r.deleted) keys.add(accountKey(r.account_type, r.account_id));
  for (const p of ledgerAccounts) keys.add(accountKey(p.account_type, p.account_id));

  const accounts = [...keys].map((key): ChartAccount => {
    const { accountType, accountId } = parseAccountKey(key) ?? { accountType: key, accountId: null };
    const place = placeAccount(accountType, accountId);
    const record = recordOf.get(key);
    const override = overrideOf.get(key);
    const fallback = record?.name ?? key;
    return {
      id: key,
      code: override?.code ?? place.code,
      name: override?.name ?? place.name?.en ?? fallback,
      name_ar: override?.name_ar ?? place.name?.ar ?? fallback,
      name_ckb: override?.name_ckb ?? place.name?.ckb ?? fallback,
      class: place.class,
      group: place.group,
      parent: CHART_GROUPS[place.group].code,
      account_type: accountType,
      account_id: accountId,
      branch: record?.branch ?? null,
      changed: Boolean(override && (override.code ?? override.name ?? override.name_ar ?? override.name_ckb)),
    };
  });
  return accounts.sort(compareAccounts);
}

const allBranches = async (ex: Executor) => (await queryRows<{ id: number }>(ex, sql`select id from branch`)).map((b) => b.id);

/** PATCH accounting/account/<id>/: the code and the names only; the class and the postings never change. */
export async function changeAccount(db: Db, auth: AuthContext, id: string, body: LedgerAccountInput): Promise<ChartAccount> {
  const parsed = parseAccountKey(id);
  if (!parsed) throw notFound();
  return db.transaction(async (tx) => {
    await lockChart(tx);
    const mine = (await chartAccounts(tx, auth.branchIds)).find((a) => a.id === id);
    if (!mine) throw notFound();
    const [current] = (await accountOverrides(tx)).filter((o) => o.account_key === id);
    const pick = (key: keyof LedgerAccountInput, stored: string | null | undefined) =>
      body[key] === undefined ? (stored ?? null) : body[key] || null;
    const change = {
      code: pick("code", current?.code),
      name: pick("name", current?.name),
      nameAr: pick("name_ar", current?.name_ar),
      nameCkb: pick("name_ckb", current?.name_ckb),
    };
    const code = change.code?.toLowerCase();
    if (code !== undefined) {
      const everyone = await chartAccounts(tx, await allBranches(tx));
      if (everyone.some((a) => a.id !== id && a.code.toLowerCase() === code)) {
        throw fieldErrors({ code: [MESSAGES.codeExists] });
      }
    }
    await saveAccountOverride(tx, {
      accountKey: id,
      accountType: parsed.accountType,
      accountId: parsed.accountId,
      userId: auth.userId,
      ...change,
    });
    const saved = (await chartAccounts(tx, auth.branchIds)).find((a) => a.id === id);
    if (!saved) throw notFound();
    return saved;
  });
}
