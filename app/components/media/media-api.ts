// The browser's side of the media library API: upload with progress, list, and the picker's value.
import { MEDIA_IMAGE_TYPES, MEDIA_MAX_DOCUMENT_BYTES, type MediaAsset, type MediaKind, type PickedMedia } from '@shared/media';
import type { AdminPage } from '@shared/schemas/admin';

/** One library entry as GET /api/admin/media returns it. */
export type MediaLibraryItem = MediaAsset;
export type MediaLibraryPage = AdminPage<MediaAsset>;

/** The API's refusal (`{ error: { code, message } }`) as an Error whose message is shown as is. */
export class MediaApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the file input offers; the server decides by content regardless. */
export function acceptFor(kind: MediaKind): string {
  return kind === 'image' ? [...MEDIA_IMAGE_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.gif', '.avif'].join(',') : 'application/pdf,.pdf';
}

/** An editor stores only what PickedMedia holds. */
export function toPicked(item: PickedMedia): PickedMedia {
  const { id, kind, originalName, mimeType, altText, url, thumbUrl } = item;
  return { id, kind, originalName, mimeType, altText, url, thumbUrl };
}

function refusalOf(status: number, body: unknown): MediaApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.message === 'string') return new MediaApiError(String(error.code ?? 'error'), error.message);
  return new MediaApiError('http_' + status, status === 413 ? 'The file is too large.' : 'The upload failed. Please try again.');
}

/**
 * POST /api/admin/media as multipart; `onProgress` gets 0–1 as the bytes leave (XHR: fetch cannot
 * report upload progress).
 */
export function uploadMedia(
  file: File,
  options: { altText?: string; kind?: MediaKind; onProgress?: (fraction: number) => void } = {},
): Promise<MediaLibraryItem> {
  if (file.size > MEDIA_MAX_DOCUMENT_BYTES) {
    return Promise.reject(new MediaApiError('file_too_large', 'The file is larger than 25 MB (images may be up to 10 MB).'));
  }
  const form = new FormData();
  form.append('file', file, file.name);
  if (options.altText) form.append('altText', options.altText);
  // A field that takes one kind says so: a PDF chosen for an image is refused before it is stored.
  if (options.kind) form.append('kind', options.kind);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/media');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) resolve((xhr.response as { media: MediaLibraryItem }).media);
      else reject(refusalOf(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new MediaApiError('network', 'The upload did not reach the server. Check your connection and try again.'));
    xhr.send(form);
  });
}

export async function listMedia(query: { kind?: MediaKind; q?: string; page?: number; pageSize?: number }, signal?: AbortSignal): Promise<MediaLibraryPage> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  const res = await fetch(`/api/admin/media?${params}`, { credentials: 'same-origin', signal });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw refusalOf(res.status, body);
  return body as MediaLibraryPage;
}
