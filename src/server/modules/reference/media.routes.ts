import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { media } from "../../db/tables";
import { authOf } from "../../http/access";
import { fieldErrors, notFound } from "../../http/errors";
import { parseId } from "../../http/resource";
import { readUploadedFile } from "../../http/upload";

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** The type is read from the file's first bytes, never from its name or the client's header. */
export function sniffImageType(data: Buffer): string | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (data.length >= 12 && data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP") {
    return "image/webp";
  }
  return null;
}

export function registerMediaRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // A multipart upload (one `file`), not a JSON body.
  app.post("/api/media/", { config: { access: { permissions: [] }, body: null } }, async (request, reply) => {
    const auth = authOf(request);
    const { data } = await readUploadedFile(request, MAX_UPLOAD_BYTES);
    const contentType = sniffImageType(data);
    if (!contentType) throw fieldErrors({ file: ["Only images are allowed"] });
    const [row] = await db
      .insert(media)
      .values({ contentType, size: data.length, data, createdBy: auth.userId })
      .returning({ id: media.id });
    return reply.status(201).send({ id: row.id, url: `/media/${row.id}/` });
  });

  // Public like any static file: ids are not secrets of a branch (item pictures, logos).
  app.get("/media/:id/", { config: { access: { public: true } } }, async (request, reply) => {
    const id = parseId((request.params as { id: string }).id);
    const [row] = await db.select({ contentType: media.contentType, data: media.data }).from(media).where(eq(media.id, id));
    if (!row) throw notFound();
    return reply.type(row.contentType).header("cache-control", "public, max-age=31536000, immutable").send(row.data);
  });
}
