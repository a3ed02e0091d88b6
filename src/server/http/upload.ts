import type { FastifyRequest } from "fastify";
import { MESSAGES } from "../../core/messages";
import { fieldErrors, HttpError } from "./errors";

/**
 * The one file of a multipart upload (field `file`), read whole up to `maxBytes`. Whatever the
 * client sends (no multipart, a broken body, no file, a second file, a file over the cap) is a 400
 * that names the file field, never a 5xx.
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<{ fileName: string; data: Buffer }> {
  const tooLarge = () => fieldErrors({ file: [MESSAGES.fileTooLarge] });
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024 } });
    if (!file) throw fieldErrors({ file: [MESSAGES.required] });
    const data = await file.toBuffer().catch((error: unknown) => {
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
      throw error;
    });
    if (file.file.truncated) throw tooLarge();
    return { fileName: file.filename ?? "", data };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw fieldErrors({ file: [MESSAGES.invalidRequestBody] });
  }
}

/** `attachment; filename=...` with an ASCII fallback and the exact UTF-8 name (RFC 6266, 5987). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
