import type { FastifyInstance } from "fastify";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { InferType } from "yup";
import { supplierSchema } from "../../../core/validation/partner-schemas";
import type { Tx } from "../../db/client";
import { supplier, supplierBranch } from "../../db/tables";
import type { AuthContext } from "../../http/access";
import { isoTimestamp } from "../../http/list-engine";
import { invalidChoice, registerResource, touched, type ResourceDef, type ResourceDeps } from "../../http/resource";
import { stampFields } from "../../http/stamp-fields";

/**
 * `branches` may come as ids (the forms, quick-create) or as the `{id, name}` objects the API
 * answers (a PATCH that sends the loaded record back); both become a list of distinct ids.
 */
export const supplierBodySchema = supplierSchema.transform((value: unknown) => {
  if (!value || typeof value !== "object" || !Array.isArray((value as { branches?: unknown }).branches)) return value;
  const raw = (value as { branches: unknown[] }).branches.map((b) => (b && typeof b === "object" && "id" in b ? b.id : b));
  return { ...value, branches: [...new Set(raw)] };
});
export type SupplierBody = InferType<typeof supplierBodySchema>;

async function linkedBranches(tx: Tx, supplierId: number): Promise<number[]> {
  const rows = await tx.select({ id: supplierBranch.branchId }).from(supplierBranch).where(eq(supplierBranch.supplierId, supplierId));
  return rows.map((r) => r.id);
}

/**
 * The caller's branches are replaced by the body's; links to branches the caller cannot see are
 * kept as they are (another branch's manager set them).
 */
async function saveBranches(tx: Tx, supplierId: number, branchIds: number[], auth: AuthContext) {
  const visible = branchIds.filter((id) => auth.branchIds.includes(id));
  if (auth.branchIds.length > 0) {
    await tx.delete(supplierBranch).where(and(eq(supplierBranch.supplierId, supplierId), inArray(supplierBranch.branchId, auth.branchIds)));
  }
  if (visible.length > 0) {
    await tx
      .insert(supplierBranch)
      .values(visible.map((branchId) => ({ supplierId, branchId })))
      .onConflictDoNothing();
  }
}

export const supplierResource: ResourceDef<SupplierBody> = {
  path: "supplier/",
  model: "supplier",
  table: "supplier",
  addCodes: ["add_supplier"],
  idSql: sql`s.id`,
  list: {
    source: sql`supplier s`,
    select: sql`s.id, s.name, s.phone, s.address,
      coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name) order by b.id)
        from supplier_branch sb join branch b on b.id = sb.branch_id where sb.supplier_id = s.id), '[]'::json) as branches,
      ${isoTimestamp(sql`s.created_at`)} as created_at, ${isoTimestamp(sql`s.updated_at`)} as updated_at`,
    baseWhere: sql`s.deleted_at is null`,
    // Visible when it serves any of the (requested and visible) branches.
    branchScope: (ids) =>
      sql`exists (select 1 from supplier_branch sb where sb.supplier_id = s.id and sb.branch_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    fields: {
      id: { sql: sql`s.id`, type: "integer" },
      name: { sql: sql`s.name`, type: "text" },
      phone: { sql: sql`s.phone`, type: "text" },
      address: { sql: sql`s.address`, type: "text" },
      ...stampFields("s"),
    },
    search: [sql`s.name`, sql`s.phone`, sql`s.address`],
  },
  schema: supplierBodySchema,
  async check(tx, body, auth, id) {
    const kept = id === undefined ? [] : await linkedBranches(tx, id);
    const bad = body.branches.findIndex((branchId) => !auth.branchIds.includes(branchId) && !kept.includes(branchId));
    if (bad >= 0) throw invalidChoice("branches");
  },
  async insert(tx, body, auth) {
    const [row] = await tx
      .insert(supplier)
      .values({ name: body.name, phone: body.phone ?? "", address: body.address ?? "", createdBy: auth.userId })
      .returning({ id: supplier.id });
    await saveBranches(tx, row.id, body.branches, auth);
    return row.id;
  },
  async update(tx, id, body, auth) {
    await tx
      .update(supplier)
      .set({ name: body.name, phone: body.phone ?? "", address: body.address ?? "", ...touched() })
      .where(eq(supplier.id, id));
    await saveBranches(tx, id, body.branches, auth);
  },
};

type Row = Record<string, unknown>;

/** A supplier's `branches` in an answer lists only the caller's branches (DESIGN section 7). */
export function onlyVisibleBranches(payload: unknown, branchIds: readonly number[]): unknown {
  const trim = (row: unknown): unknown => {
    if (!row || typeof row !== "object" || !Array.isArray((row as Row).branches)) return row;
    const branches = ((row as Row).branches as { id: number }[]).filter((b) => branchIds.includes(b.id));
    return { ...(row as Row), branches };
  };
  if (Array.isArray(payload)) return payload.map(trim);
  if (payload && typeof payload === "object" && Array.isArray((payload as Row).results)) {
    return { ...(payload as Row), results: ((payload as Row).results as unknown[]).map(trim) };
  }
  return trim(payload);
}

/**
 * The list spec's select cannot see the caller, so the branch lists are narrowed on the way out,
 * in a scope of their own so no other route is touched.
 */
export function registerSupplierResource(app: FastifyInstance, deps: ResourceDeps) {
  app.register(async (scope) => {
    scope.addHook("preSerialization", async (request, reply, payload) => {
      if (!request.auth || reply.statusCode >= 300) return payload;
      return onlyVisibleBranches(payload, request.auth.branchIds);
    });
    registerResource(scope, deps, supplierResource);
  });
}
