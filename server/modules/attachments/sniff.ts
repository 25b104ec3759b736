// What a partner's attachment is, told by its first bytes alone — never by its name or the type the
// browser declared: a JPEG (FF D8 FF), a PNG (its 8-byte signature), a WebP (RIFF….WEBP) or a PDF
// (%PDF-). Anything else — an HTML page named .png, an SVG, a ZIP — is refused.
import type { AttachmentType } from '../../../shared/shipments';

export interface Sniffed {
  contentType: AttachmentType;
  ext: 'jpg' | 'png' | 'webp' | 'pdf';
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffAttachment(bytes: Uint8Array): Sniffed | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, PNG)) return { contentType: 'image/png', ext: 'png' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { contentType: 'image/webp', ext: 'webp' };
  if (startsWith(bytes, ascii('%PDF-'))) return { contentType: 'application/pdf', ext: 'pdf' };
  return null;
}
