import type { FastifyInstance, FastifyRequest } from "fastify";
import { ATTACHMENT_MAX_BYTES } from "../../../core/attachments";
import { MESSAGES } from "../../../core/messages";
import { permissionCode } from "../../../core/permissions";
import type { Db } from "../../db/client";
import { authOf } from "../../http/access";
import { parseId } from "../../http/resource";
import { contentDisposition, readUploadedFile } from "../../http/upload";
import type { AttachableKind } from "./attachment.repository";
import * as service from "./attachment.service";

/** Where each attachable document lives under /api/ and the model of its permission codes. */
const DOCUMENTS: Record<AttachableKind, { path: string; model: string }> = {
  purchase: { path: "purchase/", model: "purchase" },
  expense: { path: "accounting/expense/", model: "expense" },
  payment: { path: "accounting/payment/", model: "payment" },
};

const ids = (request: FastifyRequest) => {
  const params = request.params as { id: string; attachment?: string };
  return { documentId: parseId(params.id), attachmentId: params.attachment === undefined ? 0 : parseId(params.attachment) };
};

/**
 * `<document>/<id>/attachment/`: list (view), upload one file as multipart `file` (add or change: the
 * one who keyed the document may attach its scan), `<attachment>/` download (view) and delete (change).
 */
export function registerAttachmentRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  for (const [kind, { path, model }] of Object.entries(DOCUMENTS) as [AttachableKind, (typeof DOCUMENTS)[AttachableKind]][]) {
    const base = `/api/${path}:id/attachment/`;
    const view = { access: { permissions: [permissionCode("view", model)] } };
    const change = [permissionCode("change", model)];

    app.get(base, { config: view }, async (request) => service.listDocumentAttachments(db, kind, ids(request).documentId, authOf(request)));

    app.post(
      base,
      { config: { access: { permissions: [permissionCode("add", model), ...change] }, body: null } },
      async (request, reply) => {
        const auth = authOf(request);
        const { documentId } = ids(request);
        await service.assertAttachable(db, kind, documentId, auth);
        const file = await readUploadedFile(request, ATTACHMENT_MAX_BYTES);
        return reply.status(201).send(await service.addAttachment(db, kind, documentId, auth, file));
      },
    );

    app.get(`${base}:attachment/`, { config: view }, async (request, reply) => {
      const { documentId, attachmentId } = ids(request);
      const file = await service.downloadAttachment(db, kind, documentId, attachmentId, authOf(request));
      return reply.type(file.contentType).header("content-disposition", contentDisposition(file.fileName)).send(file.data);
    });

    app.delete(`${base}:attachment/`, { config: { access: { permissions: change } } }, async (request) => {
      const { documentId, attachmentId } = ids(request);
      await service.removeAttachment(db, kind, documentId, attachmentId, authOf(request));
      return { message: MESSAGES.deleted };
    });
  }
}
