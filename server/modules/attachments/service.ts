// Organisation-scoped files (issue 16): a receipt's photo or PDF, on the same storage as the media
// library's files (one `Storage`, server/services.ts) but in a table of their own — so never in the
// staff media library or its picker, and never public. A file belongs to an owner organisation and
// a counterpart (a retailer and its distributor); it is served only to their members and to staff
// holding Order Management (the one decision), and is a 404 for everyone else. The type is told by
// the file's first bytes (sniff.ts), never by its name or declared type.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ATTACHMENT_HINT, ATTACHMENT_MAX_BYTES, type AttachmentType } from '../../../shared/shipments';
import { type Access, type Viewer } from '../../auth/authorize';
import type { Actor } from '../../core/actor';
import { AppError, notFound } from '../../core/errors';
import type { Db, DbOrTx } from '../../db/client';
import { attachments } from '../../db/schema';
import { recordAudit } from '../audit';
import type { Storage } from '../media';
import { type Sniffed, sniffAttachment } from './sniff';

export interface IncomingFile {
  buffer: Buffer;
  originalName: string;
}

/** A file checked and written to storage, waiting for its row (or to be discarded when the write fails). */
export interface StoredFile {
  key: string;
  filename: string;
  contentType: AttachmentType;
  sizeBytes: number;
}

export interface AttachmentView {
  id: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
}

export interface OpenedAttachment {
  stream: Readable;
  filename: string;
  contentType: string;
  size: number;
}

export type AttachmentRow = typeof attachments.$inferSelect;

const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** The name shown and offered on download: the file's own name without folders or control characters, with the extension its bytes prove. */
export function displayName(original: string, ext: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '')
    // Control characters and quotes have no place in a file name shown or sent in a header.
    .replace(/\p{Cc}|"/gu, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 100);
  return `${base || 'attachment'}.${ext}`;
}

export const attachmentTypeRefused = () =>
  new AppError('attachment_type_refused', 'unsupported', 'This file is not a photo or a PDF.', {
    hint: ATTACHMENT_HINT,
    details: [{ path: 'file', message: ATTACHMENT_HINT }],
  });
export const attachmentTooLarge = () =>
  new AppError('attachment_too_large', 'too_large', 'The file is larger than 10 MB.', {
    hint: ATTACHMENT_HINT,
    details: [{ path: 'file', message: 'At most 10 MB.' }],
  });
export const attachmentMissing = () =>
  new AppError('attachment_missing', 'invalid', 'Attach a photo or a PDF of the delivery.', {
    hint: ATTACHMENT_HINT,
    details: [{ path: 'file', message: ATTACHMENT_HINT }],
  });

/** Checks a file by its content and size (nothing written): what it is, or the refusal. */
export function checkAttachment(file: IncomingFile | null | undefined): Sniffed {
  if (!file || file.buffer.length === 0) throw attachmentMissing();
  if (file.buffer.length > ATTACHMENT_MAX_BYTES) throw attachmentTooLarge();
  const type = sniffAttachment(file.buffer);
  if (!type) throw attachmentTypeRefused();
  return type;
}

export function createAttachmentService(db: Db, access: Access, storage: Storage) {
  return {
    check: checkAttachment,

    /** Checks the file and writes it to storage (not yet a record). */
    async store(file: IncomingFile | null | undefined): Promise<StoredFile> {
      const type = checkAttachment(file);
      file = file!;
      const key = `attachments/${randomUUID()}.${type.ext}`;
      await storage.put(key, file.buffer, type.contentType);
      return { key, filename: displayName(file.originalName, type.ext), contentType: type.contentType, sizeBytes: file.buffer.length };
    },

    /** Removes a stored file whose record was never written (the write it belonged to failed). */
    async discard(file: StoredFile): Promise<void> {
      await storage.delete(file.key).catch(() => undefined);
    },

    /** The record of a stored file, in the transaction of the document it belongs to. */
    async record(tx: DbOrTx, file: StoredFile, parties: { ownerId: string; counterpartId: string }, actor: Actor): Promise<AttachmentRow> {
      const [row] = await tx
        .insert(attachments)
        .values({
          ownerId: parties.ownerId,
          counterpartId: parties.counterpartId,
          storageKey: file.key,
          filename: file.filename,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          uploadedBy: actor.userId,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'INSERT',
        tableName: 'attachments',
        recordId: row!.id,
        newValues: {
          ownerId: parties.ownerId,
          counterpartId: parties.counterpartId,
          filename: file.filename,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
        },
      });
      return row!;
    },

    /** The file for a member of either organisation or staff with Order Management; anyone else (or no such file) a 404. */
    async open(viewer: Viewer | null, id: string): Promise<OpenedAttachment> {
      if (!isUuid(id)) throw notFound('File');
      const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
      if (!row) throw notFound('File');
      const organisationIds = [row.ownerId, ...(row.counterpartId ? [row.counterpartId] : [])];
      if (!(await access.can(viewer, { permission: 'orders:manage', resource: { organisationIds } }))) throw notFound('File');
      const stored = await storage.get(row.storageKey);
      if (!stored) throw notFound('File');
      return { stream: stored.stream, filename: row.filename, contentType: row.contentType, size: stored.size };
    },
  };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;

export const attachmentView = (row: AttachmentRow): AttachmentView => ({
  id: row.id,
  filename: row.filename,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
});
