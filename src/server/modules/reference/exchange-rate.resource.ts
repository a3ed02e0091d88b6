import { and, eq, isNull, sql } from "drizzle-orm";
import { MESSAGES, interpolate } from "../../../core/messages";
import { decimalPlaces, MONEY_SCALE } from "../../../core/money";
import { exchangeRateSchema, type ExchangeRateInput } from "../../../core/validation/accounting-schemas";
import { currency, exchangeRate } from "../../db/tables";
import { fieldErrors } from "../../http/errors";
import { isoTimestamp } from "../../http/list-engine";
import { invalidChoice, touched, type ResourceDef } from "../../http/resource";
import { stampFields } from "../../http/stamp-fields";

export const BASE_CURRENCY_HAS_NO_RATE = MESSAGES.baseCurrencyHasNoRate;

export const exchangeRateResource: ResourceDef<ExchangeRateInput> = {
  path: "accounting/exchange-rate/",
  model: "exchangerate",
  table: "exchange_rate",
  idSql: sql`e.id`,
  list: {
    source: sql`exchange_rate e join currency cu on cu.id = e.currency_id`,
    select: sql`e.id, e.currency_id as currency, cu.code as currency_code, cu.symbol as currency_symbol,
      e.rate::text as rate, e.input_date,
      ${isoTimestamp(sql`e.created_at`)} as created_at, ${isoTimestamp(sql`e.updated_at`)} as updated_at`,
    baseWhere: sql`e.deleted_at is null`,
    currency: sql`e.currency_id`,
    fields: {
      id: { sql: sql`e.id`, type: "integer" },
      currency_code: { sql: sql`cu.code`, type: "text" },
      rate: { sql: sql`e.rate`, type: "number" },
      input_date: { sql: sql`e.input_date::date`, type: "date" },
      ...stampFields("e"),
    },
    search: [sql`cu.code`, sql`cu.name`],
    dates: { input_date: sql`e.input_date::date` },
  },
  schema: exchangeRateSchema,
  async check(tx, body) {
    const [row] = await tx
      .select({ isBase: currency.isBase })
      .from(currency)
      .where(and(eq(currency.id, body.currency), isNull(currency.deletedAt)));
    if (!row) throw invalidChoice("currency");
    if (row.isBase) throw fieldErrors({ currency: [BASE_CURRENCY_HAS_NO_RATE] });
    // The rate column keeps 2 decimals (IQD per unit); refuse more rather than round silently.
    if (decimalPlaces(body.rate) > MONEY_SCALE) throw fieldErrors({ rate: [interpolate(MESSAGES.maxDecimals, { max: MONEY_SCALE })] });
  },
  async insert(tx, body, auth) {
    const [row] = await tx
      .insert(exchangeRate)
      .values({ currencyId: body.currency, rate: body.rate, inputDate: body.input_date, createdBy: auth.userId })
      .returning({ id: exchangeRate.id });
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(exchangeRate)
      .set({ currencyId: body.currency, rate: body.rate, inputDate: body.input_date, ...touched() })
      .where(eq(exchangeRate.id, id));
  },
};
