import type { FastifyInstance, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import type { InferType } from "yup";
import { printInfoSchema } from "../../../core/validation/organisation-schemas";
import type { Db } from "../../db/client";
import { media, printInfo } from "../../db/tables";
import { assertBranchVisible, authOf } from "../../http/access";
import { notFound } from "../../http/errors";
import { assertFresh, invalidChoice, parseId, touched, validateBody } from "../../http/resource";
import { printInfoJson } from "../reference/reference.routes";
import { imageField } from "../stock/item.resource";

/** The logo is a media id from `POST media/` (images only there), or the `/media/<id>/` url the API answers. */
const printInfoBodySchema = printInfoSchema.shape({ logo: imageField() });
type PrintInfoBody = InferType<typeof printInfoBodySchema>;

/**
 * Writing a branch's print header (issue 17): `PUT|PATCH print/<id>/` (change_print). Reading is
 * SPEC section 7's `print/all/`, `print/branch-print/` and `print/<id>/logo/` (reference.routes.ts);
 * devices cache the rows through the sync (print_info), so printing works offline.
 */
export function registerPrintInfoRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const update = async (request: FastifyRequest, partial: boolean) => {
    const auth = authOf(request);
    const id = parseId((request.params as { id: string }).id);
    const payload = (request.body ?? {}) as Record<string, unknown>;
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(printInfo).where(eq(printInfo.id, id));
      if (!current) throw notFound();
      assertBranchVisible(auth, current.branchId);
      await assertFresh(tx, "print_info", id, payload.updated_at);
      const body: PrintInfoBody = await validateBody(printInfoBodySchema, partial ? { ...printInfoJson(current), ...payload } : payload);
      if (body.logo != null) {
        const [logo] = await tx.select({ id: media.id }).from(media).where(eq(media.id, body.logo));
        if (!logo) throw invalidChoice("logo");
      }
      const [row] = await tx
        .update(printInfo)
        .set({
          name: body.name,
          description: body.description ?? "",
          phone: body.phone ?? "",
          address: body.address ?? "",
          logoMediaId: body.logo ?? null,
          ...touched(),
        })
        .where(eq(printInfo.id, id))
        .returning();
      return printInfoJson(row);
    });
  };
  const access = (partial: boolean) => ({
    config: { access: { permissions: ["change_print"] }, body: partial ? printInfoBodySchema.partial() : printInfoBodySchema },
  });
  app.put("/api/print/:id/", access(false), (request) => update(request, false));
  app.patch("/api/print/:id/", access(true), (request) => update(request, true));
}
