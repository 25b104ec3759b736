// A media row as editors and pickers see it (shared/media.ts PickedMedia): images point at their
// web version and thumbnail, documents at the file itself.
import { mediaUrl, type PickedMedia } from '../../../shared/media';
import type { mediaAssets } from '../../db/schema';

export function toPickedMedia(m: typeof mediaAssets.$inferSelect): PickedMedia {
  const image = m.kind === 'image';
  return {
    id: m.id,
    kind: m.kind,
    originalName: m.originalName,
    mimeType: m.mimeType,
    altText: m.altText,
    url: mediaUrl(m.id, image ? 'web' : 'original'),
    thumbUrl: image ? mediaUrl(m.id, 'thumb') : null,
  };
}
