// Media JSON and upload handlers, and the file route /media/:id/:variant. (Filled by the media work.)
import { Router } from 'express';
import type { Services } from '../../services';

/** Mounted under /api before the JSON-only body rule: uploads are multipart. */
export function mediaApi(_services: Services): Router {
  return Router();
}

/** Mounted at /media: serves stored files. */
export function mediaFiles(_services: Services): Router {
  return Router();
}
