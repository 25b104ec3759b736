// Attachments' public entry: files two trade partners share (a receipt's photo or PDF).
export { attachmentTooLarge, type AttachmentService, createAttachmentService, type IncomingFile, type StoredFile } from './service';
