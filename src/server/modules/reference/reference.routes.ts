import type { FastifyInstance } from "fastify";
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../db/client";
import { currency, exchangeRate, media, partner, printInfo, setting } from "../../db/tables";
import { authOf, assertBranchVisible } from "../../http/access";
import { notFound } from "../../http/errors";
import { object } from "yup";
import { requiredId } from "../../../core/validation/common";
import { parseId, validateBody } from "../../http/resource";
import { mediaUrl } from "./media-keys";

/** The reference calls of SPEC section 7 that the web app makes at start-up. */
const signedIn = { access: { permissions: [] } } as const;

export const currencyJson = (c: typeof currency.$inferSelect) => ({
  id: c.id,
  code: c.code,
  name: c.name,
  symbol: c.symbol,
  is_base: c.isBase,
});

export type PrintInfoRow = typeof printInfo.$inferSelect & { logoKey: string | null };

/** Print info rows with their logo's media key (the url names the key, media-keys.ts). */
export const selectPrintInfo = (ex: Executor, where: SQL | undefined) =>
  ex
    .select({ ...getTableColumns(printInfo), logoKey: media.key })
    .from(printInfo)
    .leftJoin(media, eq(media.id, printInfo.logoMediaId))
    .where(where)
    .orderBy(printInfo.id);

export const printInfoJson = (p: PrintInfoRow) => ({
  id: p.id,
  branch: { id: p.branchId },
  name: p.name,
  description: p.description,
  logo: p.logoKey ? mediaUrl(p.logoKey) : null,
  phone: p.phone,
  address: p.address,
});

export function registerReferenceRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get("/api/currency/base-currency/", { config: signedIn }, async () => {
    const [base] = await db.select().from(currency).where(eq(currency.isBase, true)).limit(1);
    if (!base) throw notFound();
    return currencyJson(base);
  });

  app.get("/api/currency/all/", { config: signedIn }, async () =>
    (await db.select().from(currency).where(isNull(currency.deletedAt)).orderBy(asc(currency.id))).map(currencyJson),
  );

  // The newest rate of each currency.
  app.get("/api/accounting/exchange-rate/latest/", { config: signedIn }, async () => {
    const rows = await db
      .selectDistinctOn([exchangeRate.currencyId], { rate: exchangeRate, currency })
      .from(exchangeRate)
      .innerJoin(currency, eq(currency.id, exchangeRate.currencyId))
      .where(isNull(exchangeRate.deletedAt))
      .orderBy(exchangeRate.currencyId, desc(exchangeRate.inputDate), desc(exchangeRate.id));
    return rows.map((r) => ({ id: r.rate.id, currency: currencyJson(r.currency), rate: r.rate.rate, input_date: r.rate.inputDate }));
  });

  app.get("/api/setting/", { config: signedIn }, async () =>
    (await db.select().from(setting).where(isNull(setting.deletedAt)).orderBy(setting.key)).map((s) => ({
      id: s.id,
      key: s.key,
      value: s.value,
    })),
  );

  app.get("/api/print/all/", { config: signedIn }, async (request) => {
    const auth = authOf(request);
    if (auth.branchIds.length === 0) return [];
    const rows = await selectPrintInfo(db, inArray(printInfo.branchId, auth.branchIds));
    return rows.map(printInfoJson);
  });

  const branchPrintSchema = object({ branch_id: requiredId() });
  app.post("/api/print/branch-print/", { config: { ...signedIn, body: branchPrintSchema } }, async (request) => {
    const { branch_id: branchId } = await validateBody(branchPrintSchema, request.body);
    assertBranchVisible(authOf(request), branchId);
    const [row] = await selectPrintInfo(db, eq(printInfo.branchId, branchId)).limit(1);
    if (!row) throw notFound();
    return printInfoJson(row);
  });

  app.get("/api/print/:id/logo/", { config: signedIn }, async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const [row] = await db
      .select({ branchId: printInfo.branchId, contentType: media.contentType, data: media.data })
      .from(printInfo)
      .innerJoin(media, eq(media.id, printInfo.logoMediaId))
      .where(eq(printInfo.id, id));
    if (!row) throw notFound();
    assertBranchVisible(authOf(request), row.branchId);
    return reply.type(row.contentType).send(row.data);
  });

  // accounting/cashbox/all/ is the cashbox resource's (modules/accounting/cashbox.resource.ts), with balances.

  app.get("/api/partner/general-partner/", { config: signedIn }, async () => {
    const [row] = await db
      .select()
      .from(partner)
      .where(and(eq(partner.isGeneral, true), isNull(partner.deletedAt)))
      .limit(1);
    if (!row) throw notFound();
    return { id: row.id, name: row.name, phone: row.phone, is_customer: row.isCustomer, is_supplier: row.isSupplier, is_general: true };
  });

  app.get("/api/health/", { config: { access: { public: true } } }, async () => {
    await db.execute(sql`select 1`);
    return { status: "ok" };
  });
}
