import type { FastifyInstance } from "fastify";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { MESSAGES } from "../../../core/messages";
import { SCALE_BARCODES_SETTING } from "../../../core/scale-barcode";
import { settingsSchema } from "../../../core/validation/organisation-schemas";
import { queryRows, type Tx, type Db } from "../../db/client";
import { currency, setting } from "../../db/tables";
import { authOf } from "../../http/access";
import { fieldErrors } from "../../http/errors";
import { invalidChoice, touched, validateBody } from "../../http/resource";

/** One setting's row, created on first write; every write bumps its sync version so devices pull it. */
async function putSetting(tx: Tx, key: string, value: string) {
  await tx
    .insert(setting)
    .values({ key, value })
    .onConflictDoUpdate({
      target: setting.key,
      set: { value, deletedAt: null, ...touched() },
      setWhere: sql`${setting.value} is distinct from ${value} or ${setting.deletedAt} is not null`,
    });
}

/**
 * Makes `currencyId` the base currency (SPEC section 3: one record held in settings, mirrored by
 * currency.is_base). Ledger amounts are in the base currency, so it is fixed once any entry exists.
 */
async function setBaseCurrency(tx: Tx, currencyId: number) {
  const [current] = await tx.select({ id: currency.id }).from(currency).where(eq(currency.isBase, true));
  if (current?.id === currencyId) return;
  const [target] = await tx
    .select({ id: currency.id })
    .from(currency)
    .where(and(eq(currency.id, currencyId), isNull(currency.deletedAt)));
  if (!target) throw invalidChoice("base_currency");
  const [used] = await queryRows<{ used: boolean }>(tx, sql`select exists (select 1 from ledger_entry) as used`);
  if (used.used) throw fieldErrors({ base_currency: [MESSAGES.baseCurrencyLocked] });
  await tx
    .update(currency)
    .set({ isBase: false, ...touched() })
    .where(and(eq(currency.isBase, true), ne(currency.id, currencyId)));
  await tx
    .update(currency)
    .set({ isBase: true, ...touched() })
    .where(eq(currency.id, currencyId));
}

/**
 * `PUT setting/` (change_setting): the settings form. `GET setting/` (reference.routes.ts)
 * answers the key/value list; devices pull `setting` and `currency` through the sync.
 */
export function registerSettingsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.put("/api/setting/", { config: { access: { permissions: ["change_setting"] }, body: settingsSchema } }, async (request) => {
    authOf(request);
    const body = await validateBody(settingsSchema, request.body);
    await db.transaction(async (tx) => {
      await setBaseCurrency(tx, body.base_currency);
      await putSetting(tx, "base_currency", String(body.base_currency));
      await putSetting(tx, "batch_number", body.batch_number ? "1" : "0");
      if (body.scale_barcodes) await putSetting(tx, SCALE_BARCODES_SETTING, JSON.stringify(body.scale_barcodes));
    });
    const rows = await db.select().from(setting).where(isNull(setting.deletedAt)).orderBy(setting.key);
    return rows.map((s) => ({ id: s.id, key: s.key, value: s.value }));
  });
}
