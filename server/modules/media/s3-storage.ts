// The `Storage` interface on an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Ceph…), so
// that every instance behind a load balancer reads the files any of them wrote. Keys become object
// names under an optional prefix; PutObject replaces an object whole, so a reader never sees one
// half-written. The SDK is loaded on first use: a process on the local disk never loads it.
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import { checkKey, type Storage } from './storage';

export interface S3Location {
  bucket: string;
  /** '' or a prefix ending in '/'. */
  prefix: string;
}

export interface S3StorageOptions extends S3Location {
  /** An S3-compatible endpoint (MinIO, R2…); AWS when unset. */
  endpoint?: string;
  region: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, s3rver and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Both or neither; with neither, the SDK's own chain (instance role, AWS_PROFILE, web identity…). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export interface S3Storage extends Storage {
  /** Fails unless the bucket exists and the credentials may use it (run once at start-up). */
  check(): Promise<void>;
  /** Closes the client's kept-alive connections. */
  close(): void;
}

/** `s3://bucket` or `s3://bucket/some/prefix` → bucket and prefix ('' or ending in '/'); null for anything else. */
export function parseS3Url(url: string): S3Location | null {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!m) return null;
  const prefix = (m[2] ?? '').replace(/\/+$/, '');
  if (prefix && (prefix.startsWith('/') || prefix.split('/').some((part) => part === '' || part === '.' || part === '..'))) return null;
  return { bucket: m[1] as string, prefix: prefix ? `${prefix}/` : '' };
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export function createS3Storage(opts: S3StorageOptions): S3Storage {
  let opened: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | null = null;
  const open = () =>
    (opened ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: opts.region,
        endpoint: opts.endpoint,
        forcePathStyle: opts.forcePathStyle,
        credentials: opts.credentials,
        // Checksums only where the protocol demands them: S3-compatible stores (and s3rver) do not
        // all understand the CRC32 trailers the SDK would otherwise add to every upload.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // A store that does not answer must not hold a request for minutes (the SDK retries 3 times).
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      }),
    })));
  const name = (key: string) => opts.prefix + checkKey(key);

  return {
    async put(key, bytes, contentType) {
      const objectKey = name(key);
      const { sdk, client } = await open();
      await client.send(new sdk.PutObjectCommand({ Bucket: opts.bucket, Key: objectKey, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },

    async get(key) {
      const objectKey = name(key);
      const { sdk, client } = await open();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: opts.bucket, Key: objectKey }));
        if (!out.Body) return null;
        // In Node the body is an http.IncomingMessage (a Readable) with the SDK's helpers mixed in.
        return { stream: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      const objectKey = name(key);
      const { sdk, client } = await open();
      // S3 answers 204 for a missing object too.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: opts.bucket, Key: objectKey }));
    },

    async check() {
      const { sdk, client } = await open();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: opts.bucket }));
      } catch (err) {
        const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
        const status = e.$metadata?.httpStatusCode;
        const why = status === 404 ? 'no such bucket' : status === 403 ? 'access denied (credentials or bucket policy)' : (e.message ?? e.name ?? String(err));
        throw new Error(`STORAGE_URL: the bucket "${opts.bucket}" cannot be used: ${why}`, { cause: err });
      }
    },

    close() {
      void opened?.then(({ client }) => client.destroy());
    },
  };
}
