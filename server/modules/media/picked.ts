// A media row as editors and pickers see it (shared/media.ts PickedMedia): images point at their
// web version and thumbnail, documents at the file itself.
import { mediaUrl, type PickedMedia } from '../../../shared/media';
import { mediaAssets } from '../../db/schema';

/** The columns a picked file is made of, for a query that selects it beside its owner. */
export const pickedMediaColumns = {
  id: mediaAssets.id,
  kind: mediaAssets.kind,
  originalName: mediaAssets.originalName,
  mimeType: mediaAssets.mimeType,
  altText: mediaAssets.altText,
};
export type PickedMediaRow = Pick<typeof mediaAssets.$inferSelect, keyof typeof pickedMediaColumns>;

export function toPickedMedia(m: PickedMediaRow): PickedMedia {
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
