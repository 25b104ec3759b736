// Media shared by server and browser: the URL of a stored file's variant, what the picker hands to
// a form, and the upload limits (checked on the server by content; the browser only mirrors them).
export const MEDIA_VARIANTS = ['original', 'web', 'thumb'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

/** Images get a resized web version (and a thumbnail); documents are served as uploaded. */
export function mediaUrl(id: string, variant: MediaVariant = 'web'): string {
  return `/media/${id}/${variant}`;
}

export const MEDIA_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export const MEDIA_DOCUMENT_TYPES = ['application/pdf'] as const;
export const MEDIA_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MEDIA_MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;
/** Longest side of the web version and of the thumbnail, in pixels. */
export const MEDIA_WEB_SIZE = 1600;
export const MEDIA_THUMB_SIZE = 400;

export type MediaKind = 'image' | 'document';

/** One media library entry as the picker and the editors see it. */
export interface PickedMedia {
  id: string;
  kind: MediaKind;
  originalName: string;
  mimeType: string;
  altText: string;
  /** The web version for images, the file itself for documents. */
  url: string;
  /** A small preview (images only). */
  thumbUrl: string | null;
}

/** One media library entry as the media service (and GET /api/admin/media) answers it. */
export interface MediaAsset extends PickedMedia {
  sizeBytes: number;
  width: number | null;
  height: number | null;
  sha256: string;
  createdAt: string;
  /** The library's list only: what uses the file ("the page “About”"), products to pages. */
  usedBy?: string[];
}
