import type { FastifyInstance } from "fastify";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { media } from "../../db/tables";
import { authOf } from "../../http/access";
import { fieldErrors, notFound, tooManyAttempts } from "../../http/errors";
import { readUploadedFile } from "../../http/upload";
import { MEDIA_KEY, mediaUrl, newMediaKey } from "./media-keys";

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** Uploads one user may make in an hour: a form's pictures are a few, a bulk of them is abuse of the database's room. */
export const MAX_UPLOADS_PER_HOUR = 120;
const HOUR_MS = 3600 * 1000;

/** When the user may upload again (the oldest upload of the last hour leaves it), or null while under the cap. */
async function uploadRetryAt(db: Db, userId: number): Promise<Date | null> {
  const [row] = await queryRows<{ n: number; oldest: string | Date | null }>(
    db,
    sql`select count(*)::int as n, min(created_at) as oldest from media
        where created_by = ${userId} and created_at > now() - interval '1 hour'`,
  );
  if (!row || Number(row.n) < MAX_UPLOADS_PER_HOUR || !row.oldest) return null;
  return new Date(new Date(row.oldest).getTime() + HOUR_MS);
}

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
    const retryAt = await uploadRetryAt(db, auth.userId);
    if (retryAt) throw tooManyAttempts(retryAt);
    const { data } = await readUploadedFile(request, MAX_UPLOAD_BYTES);
    const contentType = sniffImageType(data);
    if (!contentType) throw fieldErrors({ file: ["Only images are allowed"] });
    const key = newMediaKey();
    await db.insert(media).values({ key, contentType, size: data.length, data, createdBy: auth.userId });
    // The key is the media's name in every body and url (media-keys.ts); the row id stays inside.
    return reply.status(201).send({ id: key, url: mediaUrl(key) });
  });

  // No sign-in (an <img src> carries no token): the unguessable key is what guards it.
  app.get("/media/:key/", { config: { access: { public: true } } }, async (request, reply) => {
    const key = (request.params as { key: string }).key;
    if (!MEDIA_KEY.test(key)) throw notFound();
    const [row] = await db.select({ contentType: media.contentType, data: media.data }).from(media).where(eq(media.key, key));
    if (!row) throw notFound();
    return reply.type(row.contentType).header("cache-control", "public, max-age=31536000, immutable").send(row.data);
  });
}
