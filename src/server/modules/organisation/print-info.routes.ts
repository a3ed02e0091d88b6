import type { FastifyInstance, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import type { InferType } from "yup";
import { printInfoSchema } from "../../../core/validation/organisation-schemas";
import type { Db } from "../../db/client";
import { printInfo } from "../../db/tables";
import { assertBranchVisible, authOf } from "../../http/access";
import { notFound } from "../../http/errors";
import { assertFresh, parseId, touched, validateBody } from "../../http/resource";
import { assertMediaKey, imageField, mediaIdOfKey } from "../reference/media-keys";
import { printInfoJson, selectPrintInfo } from "../reference/reference.routes";

/** The logo is a media key from `POST media/` (images only there), or the `/media/<key>/` url the API answers. */
const printInfoBodySchema = printInfoSchema.shape({ logo: imageField() });
type PrintInfoBody = InferType<typeof printInfoBodySchema>;

/**
 * Writing a branch's print header: `PUT|PATCH print/<id>/` (change_print). Reading is
 * SPEC section 7's `print/all/`, `print/branch-print/` and `print/<id>/logo/` (reference.routes.ts);
 * devices cache the rows through the sync (print_info), so printing works offline.
 */
export function registerPrintInfoRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const update = async (request: FastifyRequest, partial: boolean) => {
    const auth = authOf(request);
    const id = parseId((request.params as { id: string }).id);
    const payload = (request.body ?? {}) as Record<string, unknown>;
    return db.transaction(async (tx) => {
      const [current] = await selectPrintInfo(tx, eq(printInfo.id, id));
      if (!current) throw notFound();
      assertBranchVisible(auth, current.branchId);
      await assertFresh(tx, "print_info", id, payload.updated_at);
      const body: PrintInfoBody = await validateBody(printInfoBodySchema, partial ? { ...printInfoJson(current), ...payload } : payload);
      if (body.logo != null) await assertMediaKey(tx, body.logo, "logo");
      await tx
        .update(printInfo)
        .set({
          name: body.name,
          description: body.description ?? "",
          phone: body.phone ?? "",
          address: body.address ?? "",
          logoMediaId: mediaIdOfKey(body.logo),
          ...touched(),
        })
        .where(eq(printInfo.id, id));
      const [row] = await selectPrintInfo(tx, eq(printInfo.id, id));
      return printInfoJson(row);
    });
  };
  const access = (partial: boolean) => ({
    config: { access: { permissions: ["change_print"] }, body: partial ? printInfoBodySchema.partial() : printInfoBodySchema },
  });
  app.put("/api/print/:id/", access(false), (request) => update(request, false));
  app.patch("/api/print/:id/", access(true), (request) => update(request, true));
}
