// The process's one file storage, from the configuration: the local disk under UPLOADS_DIR by
// default, an S3-compatible bucket when STORAGE_URL says s3://bucket[/prefix] (then every instance
// reads what any of them wrote).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { createS3Storage, parseS3Url } from './s3-storage';
import { createLocalStorage, type Storage } from './storage';

export interface OpenedStorage extends Storage {
  /** Where the files live, for the start-up log: `local:/path` or `s3://bucket/prefix`. */
  readonly where: string;
  /** Fails with a message naming the variable when the storage cannot be used. */
  check(): Promise<void>;
  close(): void;
}

type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'UPLOADS_DIR'
  | 'STORAGE_URL'
  | 'S3_ENDPOINT'
  | 'S3_FORCE_PATH_STYLE'
  | 'AWS_REGION'
  | 'AWS_ACCESS_KEY_ID'
  | 'AWS_SECRET_ACCESS_KEY'
  | 'AWS_SESSION_TOKEN'
>;

export function openStorage(config: StorageConfig): OpenedStorage {
  const location = config.STORAGE_URL ? parseS3Url(config.STORAGE_URL) : null;
  if (location) {
    const s3 = createS3Storage({
      ...location,
      endpoint: config.S3_ENDPOINT,
      region: config.AWS_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY
          ? { accessKeyId: config.AWS_ACCESS_KEY_ID, secretAccessKey: config.AWS_SECRET_ACCESS_KEY, sessionToken: config.AWS_SESSION_TOKEN }
          : undefined,
    });
    return { ...s3, where: `s3://${location.bucket}/${location.prefix}` };
  }
  const root = path.resolve(config.UPLOADS_DIR ?? path.join(config.DATA_DIR, 'uploads'));
  return {
    ...createLocalStorage(root),
    where: `local:${root}`,
    async check() {
      await mkdir(root, { recursive: true });
    },
    close() {},
  };
}
