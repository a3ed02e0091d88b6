import { and, asc, count, eq } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client";
import { appUser, documentAttachment, expense, payment, purchase } from "../../db/tables";

/** The documents that take attachments; each is one column of document_attachment. */
export type AttachableKind = "purchase" | "expense" | "payment";

const DOCUMENTS = {
  purchase: { table: purchase, column: documentAttachment.purchaseId },
  expense: { table: expense, column: documentAttachment.expenseId },
  payment: { table: payment, column: documentAttachment.paymentId },
} as const;

const columnKey = { purchase: "purchaseId", expense: "expenseId", payment: "paymentId" } as const;

/** The document's branch, or null when there is no such document. */
export async function documentBranch(ex: Executor, kind: AttachableKind, documentId: number): Promise<number | null> {
  const { table } = DOCUMENTS[kind];
  const [row] = await ex.select({ branchId: table.branchId }).from(table).where(eq(table.id, documentId));
  return row?.branchId ?? null;
}

/** As documentBranch, holding the document until the transaction ends so a delete cannot pull it away under an insert. */
export async function lockDocumentBranch(tx: Tx, kind: AttachableKind, documentId: number): Promise<number | null> {
  const { table } = DOCUMENTS[kind];
  const [row] = await tx.select({ branchId: table.branchId }).from(table).where(eq(table.id, documentId)).for("key share");
  return row?.branchId ?? null;
}

export async function countAttachments(ex: Executor, kind: AttachableKind, documentId: number): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(documentAttachment).where(eq(DOCUMENTS[kind].column, documentId));
  return row?.n ?? 0;
}

export interface AttachmentRow {
  id: number;
  file_name: string;
  content_type: string;
  size: number;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date;
}

const listed = {
  id: documentAttachment.id,
  file_name: documentAttachment.fileName,
  content_type: documentAttachment.contentType,
  size: documentAttachment.size,
  created_by: documentAttachment.createdBy,
  created_by_name: appUser.username,
  created_at: documentAttachment.createdAt,
};

export async function listAttachments(ex: Executor, kind: AttachableKind, documentId: number): Promise<AttachmentRow[]> {
  return ex
    .select(listed)
    .from(documentAttachment)
    .leftJoin(appUser, eq(appUser.id, documentAttachment.createdBy))
    .where(eq(DOCUMENTS[kind].column, documentId))
    .orderBy(asc(documentAttachment.id));
}

export interface NewAttachment {
  fileName: string;
  contentType: string;
  data: Buffer;
  createdBy: number;
}

export async function insertAttachment(tx: Tx, kind: AttachableKind, documentId: number, file: NewAttachment): Promise<AttachmentRow> {
  const [row] = await tx
    .insert(documentAttachment)
    .values({ [columnKey[kind]]: documentId, ...file, size: file.data.length })
    .returning({ id: documentAttachment.id });
  const [stored] = await tx
    .select(listed)
    .from(documentAttachment)
    .leftJoin(appUser, eq(appUser.id, documentAttachment.createdBy))
    .where(eq(documentAttachment.id, row.id));
  return stored;
}

/** The bytes of one attachment of the document, or null (absent, or another document's). */
export async function readAttachment(
  ex: Executor,
  kind: AttachableKind,
  documentId: number,
  attachmentId: number,
): Promise<{ fileName: string; contentType: string; data: Buffer } | null> {
  const [row] = await ex
    .select({ fileName: documentAttachment.fileName, contentType: documentAttachment.contentType, data: documentAttachment.data })
    .from(documentAttachment)
    .where(and(eq(documentAttachment.id, attachmentId), eq(DOCUMENTS[kind].column, documentId)));
  return row ?? null;
}

/** True when the document had that attachment. */
export async function deleteAttachment(ex: Executor, kind: AttachableKind, documentId: number, attachmentId: number): Promise<boolean> {
  const rows = await ex
    .delete(documentAttachment)
    .where(and(eq(documentAttachment.id, attachmentId), eq(DOCUMENTS[kind].column, documentId)))
    .returning({ id: documentAttachment.id });
  return rows.length > 0;
}
