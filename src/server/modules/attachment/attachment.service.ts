import { ATTACHMENTS_PER_DOCUMENT, cleanFileName } from "../../../core/attachments";
import { interpolate, MESSAGES } from "../../../core/messages";
import type { Db } from "../../db/client";
import { assertBranchVisible, type AuthContext } from "../../http/access";
import { fieldErrors, notFound } from "../../http/errors";
import { sniffImageType } from "../reference/media.routes";
import * as repo from "./attachment.repository";
import type { AttachableKind, AttachmentRow } from "./attachment.repository";

/**
 * Scans attached to purchases, expenses and payments. An attachment is evidence, not money: it may
 * be added to or removed from a document that can no longer change (paid, linked to a return or a
 * payment) by those who may add or change such documents; it is read by those who may view the
 * document, in its branch (another branch's answers 404, as the document does).
 */

/** An image of the item uploader, or a PDF (`%PDF-`): read from the bytes, never from the name. */
export function sniffAttachmentType(data: Buffer): string | null {
  const image = sniffImageType(data);
  if (image) return image;
  return data.length >= 5 && data.subarray(0, 5).toString("latin1") === "%PDF-" ? "application/pdf" : null;
}

async function assertDocumentVisible(db: Db, kind: AttachableKind, documentId: number, auth: AuthContext) {
  assertBranchVisible(auth, await repo.documentBranch(db, kind, documentId));
}

export async function listDocumentAttachments(
  db: Db,
  kind: AttachableKind,
  documentId: number,
  auth: AuthContext,
): Promise<AttachmentRow[]> {
  await assertDocumentVisible(db, kind, documentId, auth);
  return repo.listAttachments(db, kind, documentId);
}

/** Checked before the file is read, so a document the caller cannot see costs no upload. */
export const assertAttachable = assertDocumentVisible;

export async function addAttachment(
  db: Db,
  kind: AttachableKind,
  documentId: number,
  auth: AuthContext,
  file: { fileName: string; data: Buffer },
): Promise<AttachmentRow> {
  const contentType = sniffAttachmentType(file.data);
  if (!contentType) throw fieldErrors({ file: [MESSAGES.onlyImagesOrPdf] });
  return db.transaction(async (tx) => {
    assertBranchVisible(auth, await repo.lockDocumentBranch(tx, kind, documentId));
    if ((await repo.countAttachments(tx, kind, documentId)) >= ATTACHMENTS_PER_DOCUMENT) {
      throw fieldErrors({ file: [interpolate(MESSAGES.maxItems, { max: ATTACHMENTS_PER_DOCUMENT })] });
    }
    return repo.insertAttachment(tx, kind, documentId, {
      fileName: cleanFileName(file.fileName),
      contentType,
      data: file.data,
      createdBy: auth.userId,
    });
  });
}

export async function downloadAttachment(db: Db, kind: AttachableKind, documentId: number, attachmentId: number, auth: AuthContext) {
  await assertDocumentVisible(db, kind, documentId, auth);
  const attachment = await repo.readAttachment(db, kind, documentId, attachmentId);
  if (!attachment) throw notFound();
  return attachment;
}

export async function removeAttachment(db: Db, kind: AttachableKind, documentId: number, attachmentId: number, auth: AuthContext) {
  await assertDocumentVisible(db, kind, documentId, auth);
  if (!(await repo.deleteAttachment(db, kind, documentId, attachmentId))) throw notFound();
}
