import { sql } from "drizzle-orm";
import { toIsoDate } from "../../../core/dates";
import { MESSAGES } from "../../../core/messages";
import { isPositive, toDecimalString } from "../../../core/money";
import { postMoneyConversion } from "../../../core/accounting-posting";
import { conversionLineRates, convertedAmount, defaultConversionRate, type ConversionSide } from "../../../core/money-conversion";
import { moneyConversionSchema, type MoneyConversionInput } from "../../../core/validation/accounting-document-schemas";
import type { Executor } from "../../db/client";
import { badRequest, fieldErrors } from "../../http/errors";
import type { ListSpec } from "../../http/list-engine";
import { invalidChoice } from "../../http/resource";
import { documentFields, documentTailSelect, type DocValues, type LedgerDocDef } from "./ledger-document";
import { currencyRate } from "./money-document.repository";
import { accountHolding } from "../ledger/ledger.repository";
import { bookRate } from "../../../core/exchange-difference";

/**
 * Money conversions: from a cashbox in one currency to one in another at a stated rate (the
 * latest exchange rate when none is stated), both in the caller's branches. The document is the source
 * cashbox's branch's; the source may not go below zero. Conversion math: src/core/money-conversion.ts.
 */
interface ConversionValues extends DocValues {
  from_cashbox_id: number;
  to_cashbox_id: number;
  from_currency_id: number;
  to_currency_id: number;
  amount: string;
  exchange_rate: string;
  amount_in: string;
  from_rate: string;
  to_rate: string;
}

const CONVERSION_TABLE = "cashbox_money_conversion";

const list: ListSpec = {
  source: sql`cashbox_money_conversion d
    join branch b on b.id = d.branch_id
    join cashbox fc on fc.id = d.from_cashbox_id
    join cashbox tc on tc.id = d.to_cashbox_id
    join currency fcu on fcu.id = d.from_currency_id
    join currency tcu on tcu.id = d.to_currency_id
    left join app_user u on u.id = d.created_by`,
  select: sql`d.id, d.branch_id as branch, b.name as branch_name, d.invoice_no,
    d.from_cashbox_id as from_cashbox, fc.name as from_cashbox_name, d.to_cashbox_id as to_cashbox, tc.name as to_cashbox_name,
    d.from_currency_id as from_currency, fcu.code as from_currency_code, d.to_currency_id as to_currency, tcu.code as to_currency_code,
    d.amount::text as amount, d.exchange_rate::text as exchange_rate, d.amount_in::text as amount_in,
    ${documentTailSelect}`,
  branch: sql`d.branch_id`,
  currency: sql`d.from_currency_id`,
  dates: { input_date: sql`d.input_date` },
  fields: {
    ...documentFields,
    from_cashbox: { sql: sql`d.from_cashbox_id`, type: "integer" },
    to_cashbox: { sql: sql`d.to_cashbox_id`, type: "integer" },
    from_cashbox_name: { sql: sql`fc.name`, type: "text" },
    to_cashbox_name: { sql: sql`tc.name`, type: "text" },
    from_currency_code: { sql: sql`fcu.code`, type: "text" },
    to_currency_code: { sql: sql`tcu.code`, type: "text" },
    amount: { sql: sql`d.amount`, type: "number" },
    exchange_rate: { sql: sql`d.exchange_rate`, type: "number" },
    amount_in: { sql: sql`d.amount_in`, type: "number" },
  },
  search: [sql`fc.name`, sql`tc.name`, sql`d.invoice_no::text`, sql`d.note`],
  sums: { amount: sql`d.amount`, amount_in: sql`d.amount_in` },
};

async function sideOf(ex: Executor, currencyId: number): Promise<ConversionSide> {
  const rate = await currencyRate(ex, currencyId);
  return { isBase: rate.isBase, latestRate: rate.isBase ? "1" : rate.latest };
}

/**
 * The rate the source cashbox's money leaves at: its book rate (core bookRate) over its lines without this
 * conversion's own (an edit), today's rate when it holds nothing of its own to average.
 */
async function sourceBookRate(
  ex: Executor,
  box: { id: number; currencyId: number },
  side: ConversionSide,
  statedRate: string,
  existing: { id: number } | null,
): Promise<string> {
  if (side.isBase) return "1";
  const holding = await accountHolding(
    ex,
    { accountType: "cashbox", accountId: box.id, currencyId: box.currencyId },
    existing ? { documentType: CONVERSION_TABLE, documentId: existing.id } : null,
  );
  return bookRate(holding, side.latestRate ?? statedRate);
}

const rateMissing = () => fieldErrors({ exchange_rate: [MESSAGES.enterExchangeRate] });

export const moneyConversion: LedgerDocDef<MoneyConversionInput, ConversionValues> = {
  table: CONVERSION_TABLE,
  path: "money-conversion/",
  list,
  schema: moneyConversionSchema,
  codes: {
    view: ["view_cashboxmoneyconversion"],
    add: ["add_cashboxmoneyconversion"],
    change: ["change_cashboxmoneyconversion"],
    delete: ["delete_cashboxmoneyconversion"],
  },
  columns: {
    branch_id: "int",
    from_cashbox_id: "int",
    to_cashbox_id: "int",
    from_currency_id: "int",
    to_currency_id: "int",
    amount: "numeric",
    exchange_rate: "numeric",
    amount_in: "numeric",
    from_rate: "numeric",
    to_rate: "numeric",
    input_date: "text",
    note: "text",
  },
  cashboxes: (body, row) => [
    ...(body ? [body.from_cashbox, body.to_cashbox] : []),
    ...(row ? [row.from_cashbox_id, row.to_cashbox_id] : []),
  ],
  async prepare(tx, auth, body, boxes, existing) {
    if (body.from_cashbox === body.to_cashbox) throw badRequest(MESSAGES.cashboxesMustDiffer);
    const from = boxes.get(body.from_cashbox);
    const to = boxes.get(body.to_cashbox);
    if (!from || !auth.branchIds.includes(from.branchId)) throw invalidChoice("from_cashbox");
    if (!to || !auth.branchIds.includes(to.branchId)) throw invalidChoice("to_cashbox");
    if (from.currencyId === to.currencyId) throw badRequest(MESSAGES.conversionCurrenciesMustDiffer);
    const fromSide = await sideOf(tx, from.currencyId);
    const toSide = await sideOf(tx, to.currencyId);
    const rate = body.exchange_rate ?? defaultConversionRate(fromSide, toSide);
    if (!rate) throw rateMissing();
    const lineRates = conversionLineRates(rate, fromSide, toSide, await sourceBookRate(tx, from, fromSide, rate, existing));
    if (!lineRates) throw rateMissing();
    const amountIn = convertedAmount(body.amount, rate, fromSide, toSide);
    if (!isPositive(amountIn)) throw fieldErrors({ amount: [MESSAGES.positive] });
    return {
      branch_id: from.branchId,
      from_cashbox_id: from.id,
      to_cashbox_id: to.id,
      from_currency_id: from.currencyId,
      to_currency_id: to.currencyId,
      amount: toDecimalString(body.amount),
      exchange_rate: toDecimalString(rate, 6),
      amount_in: amountIn,
      from_rate: lineRates.from,
      to_rate: lineRates.to,
      input_date: body.input_date ?? existing?.input_date ?? toIsoDate(new Date()),
      note: body.note ?? "",
    };
  },
  posting: (v, baseCurrencyId) =>
    postMoneyConversion({
      base_currency_id: baseCurrencyId,
      from_cashbox_id: v.from_cashbox_id,
      to_cashbox_id: v.to_cashbox_id,
      from: { currency_id: v.from_currency_id, exchange_rate: v.from_rate },
      to: { currency_id: v.to_currency_id, exchange_rate: v.to_rate },
      amount: v.amount,
      amount_in: v.amount_in,
    }),
};
