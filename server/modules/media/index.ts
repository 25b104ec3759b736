// The media library's public entry: the service, the file storage (local or S3) and its address
// parser, and a library entry as the pickers and editors see it.
export { createMediaService, type MediaService } from './service';
export { type OpenedStorage, openStorage } from './open-storage';
export { parseS3Url } from './s3-storage';
export type { Storage } from './storage';
export { pickedMediaColumns, type PickedMediaRow, toPickedMedia } from './picked';
