// Media library: uploads checked by content, stored through the storage module, with resized web
// versions of images. (Filled by the media work.)
import type { Db } from '../../db/client';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MediaService {}

export function createMediaService(_db: Db, _uploadsDir: string): MediaService {
  return {};
}
