// Media library queries and edits, shared by the API, the Media Library page and the picker.
import { z } from './zod';
import { adminListQuery } from './admin';

export const MEDIA_ALT_TEXT_MAX = 300;

/** An empty value ("All kinds" in a GET form: `?kind=`) means no filter. */
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** Newest first, always: the library has no other order. */
export const mediaListQuery = adminListQuery(['createdAt'])
  .pick({ q: true, page: true, pageSize: true })
  .extend({ kind: z.preprocess(emptyAsAbsent, z.enum(['image', 'document']).optional()) });
export type MediaListQuery = z.infer<typeof mediaListQuery>;

export const mediaAltText = z.string().trim().max(MEDIA_ALT_TEXT_MAX, `Keep the alt text to ${MEDIA_ALT_TEXT_MAX} characters.`);

/** PATCH /api/admin/media/:id and the page's alt text form. */
export const mediaAltUpdate = z.object({ altText: mediaAltText });
export type MediaAltUpdate = z.infer<typeof mediaAltUpdate>;

/** The optional fields beside the file in an upload. */
export const mediaUploadFields = z.object({ altText: mediaAltText.optional() });
