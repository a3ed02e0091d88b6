import { MESSAGES } from "../../../core/messages";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { boolean, type InferType } from "yup";
import { customerSchema } from "../../../core/validation/partner-schemas";
import type { Tx } from "../../db/client";
import { city, customer } from "../../db/tables";
import { isoTimestamp } from "../../http/list-engine";
import { invalidChoice, touched, type ResourceDef } from "../../http/resource";
import { stampFields } from "../../http/stamp-fields";

export const GENERAL_CUSTOMER_UNDELETABLE = MESSAGES.generalCustomerUndeletable;

/**
 * A customer belongs to one branch. Quick-create sends `branches: [id]` (SPEC section 7): the
 * first one is taken when `branch` itself is missing.
 */
export const customerBodySchema = customerSchema.shape({ is_general: boolean().default(false) }).transform((value: unknown) => {
  if (!value || typeof value !== "object") return value;
  const row = value as { branch?: unknown; branches?: unknown };
  if ((row.branch === undefined || row.branch === null || row.branch === "") && Array.isArray(row.branches) && row.branches.length > 0) {
    const first: unknown = row.branches[0];
    return { ...value, branch: first && typeof first === "object" && "id" in first ? first.id : first };
  }
  return value;
});
export type CustomerBody = InferType<typeof customerBodySchema>;

export const customerResource: ResourceDef<CustomerBody> = {
  path: "customer/",
  model: "customer",
  table: "customer",
  addCodes: ["add_customer"],
  idSql: sql`c.id`,
  list: {
    source: sql`customer c join branch b on b.id = c.branch_id left join city ct on ct.id = c.city_id`,
    select: sql`c.id, c.name, c.phone, c.address, c.city_id as city, ct.name as city_name,
      c.branch_id as branch, c.branch_id, b.name as branch_name, c.is_general, c.credit_limit::text as credit_limit,
      ${isoTimestamp(sql`c.created_at`)} as created_at, ${isoTimestamp(sql`c.updated_at`)} as updated_at`,
    baseWhere: sql`c.deleted_at is null`,
    branch: sql`c.branch_id`,
    fields: {
      id: { sql: sql`c.id`, type: "integer" },
      name: { sql: sql`c.name`, type: "text" },
      phone: { sql: sql`c.phone`, type: "text" },
      address: { sql: sql`c.address`, type: "text" },
      city: { sql: sql`c.city_id`, type: "integer" },
      city_name: { sql: sql`ct.name`, type: "text" },
      branch_name: { sql: sql`b.name`, type: "text", filterable: false },
      is_general: { sql: sql`c.is_general`, type: "boolean" },
      credit_limit: { sql: sql`c.credit_limit`, type: "number" },
      ...stampFields("c"),
    },
    search: [sql`c.name`, sql`c.phone`, sql`c.address`],
  },
  schema: customerBodySchema,
  async check(tx, body, auth) {
    // Another branch's id is refused like an absent one, never revealed.
    if (!auth.branchIds.includes(body.branch)) throw invalidChoice("branch");
    if (body.city != null) {
      const [row] = await tx
        .select({ id: city.id })
        .from(city)
        .where(and(eq(city.id, body.city), isNull(city.deletedAt)));
      if (!row) throw invalidChoice("city");
    }
  },
  async insert(tx, body, auth) {
    const [row] = await tx
      .insert(customer)
      .values({ ...columns(body), createdBy: auth.userId })
      .returning({ id: customer.id });
    if (body.is_general) await demoteOtherGenerals(tx, row.id, body.branch);
    return row.id;
  },
  async update(tx, id, body) {
    await tx
      .update(customer)
      .set({ ...columns(body), ...touched() })
      .where(eq(customer.id, id));
    if (body.is_general) await demoteOtherGenerals(tx, id, body.branch);
  },
  async blockDelete(tx, id) {
    const [row] = await tx.select({ isGeneral: customer.isGeneral }).from(customer).where(eq(customer.id, id));
    return row?.isGeneral ? GENERAL_CUSTOMER_UNDELETABLE : null;
  },
};

function columns(body: CustomerBody) {
  return {
    name: body.name,
    phone: body.phone ?? "",
    address: body.address ?? "",
    cityId: body.city ?? null,
    branchId: body.branch,
    isGeneral: body.is_general ?? false,
    creditLimit: body.credit_limit ?? null,
  };
}

/** A branch has one general (walk-in) customer: marking another one moves the mark. */
async function demoteOtherGenerals(tx: Tx, id: number, branchId: number) {
  await tx
    .update(customer)
    .set({ isGeneral: false, ...touched() })
    .where(and(eq(customer.branchId, branchId), eq(customer.isGeneral, true), ne(customer.id, id), isNull(customer.deletedAt)));
}
