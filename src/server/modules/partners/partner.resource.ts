import { MESSAGES } from "../../../core/messages";
import type { FastifyInstance } from "fastify";
import { eq, sql } from "drizzle-orm";
import type { InferType } from "yup";
import { partnerSchema } from "../../../core/validation/partner-schemas";
import { ADDRESS_MAX_LENGTH, optionalText } from "../../../core/validation/common";
import { partner } from "../../db/tables";
import { isoTimestamp } from "../../http/list-engine";
import { registerResource, touched, type ResourceDef, type ResourceDeps } from "../../http/resource";
import { stampFields } from "../../http/stamp-fields";

export const GENERAL_PARTNER_UNDELETABLE = MESSAGES.generalPartnerUndeletable;

/** is_general is read-only: the body never sets it (the schema strips it). */
export const partnerBodySchema = partnerSchema.shape({ address: optionalText(ADDRESS_MAX_LENGTH) });
export type PartnerBody = InferType<typeof partnerBodySchema>;

function columns(body: PartnerBody) {
  return {
    name: body.name,
    phone: body.phone ?? "",
    address: body.address ?? "",
    isCustomer: body.is_customer ?? false,
    isSupplier: body.is_supplier ?? false,
  };
}

export const partnerResource: ResourceDef<PartnerBody> = {
  path: "partner/",
  model: "partner",
  table: "partner",
  idSql: sql`p.id`,
  list: {
    source: sql`partner p`,
    select: sql`p.id, p.name, p.phone, p.address, p.is_customer, p.is_supplier, p.is_general,
      ${isoTimestamp(sql`p.created_at`)} as created_at, ${isoTimestamp(sql`p.updated_at`)} as updated_at`,
    baseWhere: sql`p.deleted_at is null`,
    fields: {
      id: { sql: sql`p.id`, type: "integer" },
      name: { sql: sql`p.name`, type: "text" },
      phone: { sql: sql`p.phone`, type: "text" },
      address: { sql: sql`p.address`, type: "text" },
      is_customer: { sql: sql`p.is_customer`, type: "boolean" },
      is_supplier: { sql: sql`p.is_supplier`, type: "boolean" },
      is_general: { sql: sql`p.is_general`, type: "boolean" },
      ...stampFields("p"),
    },
    search: [sql`p.name`, sql`p.phone`],
  },
  schema: partnerBodySchema,
  async insert(tx, body, auth) {
    const [row] = await tx
      .insert(partner)
      .values({ ...columns(body), createdBy: auth.userId })
      .returning({ id: partner.id });
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(partner)
      .set({ ...columns(body), ...touched() })
      .where(eq(partner.id, id));
  },
  async blockDelete(tx, id) {
    const [row] = await tx.select({ isGeneral: partner.isGeneral }).from(partner).where(eq(partner.id, id));
    return row?.isGeneral ? GENERAL_PARTNER_UNDELETABLE : null;
  },
};

/**
 * Partners are not bound to branches. The web app's `partner/all/` variant sends `branchIds`
 * (SPEC section 7); it is accepted and ignored, so it never trips the list engine's "Unknown
 * filter" refusal. Done in a scope of its own so no other route sees the hook.
 */
export function registerPartnerResource(app: FastifyInstance, deps: ResourceDeps) {
  app.register(async (scope) => {
    scope.addHook("preValidation", async (request) => {
      const query = request.query as Record<string, unknown> | undefined;
      if (query && "branchIds" in query) delete query.branchIds;
    });
    registerResource(scope, deps, partnerResource);
  });
}
