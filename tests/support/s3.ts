// A real S3-protocol server for tests (s3rver: signed requests, unknown access keys refused, objects on a temporary
// disk), on a random loopback port, with one bucket made up front.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The server's directory: objects sit under `<dir>/<bucket>/<key>._S3rver_object`. */
  dir: string;
  /** The variables a server process (or loadConfig) needs to use the bucket under `prefix`. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's fixed credentials: requests signed with anything else are refused. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3(bucket = 'frolic-test'): Promise<TestS3> {
  const dir = mkdtempSync(path.join(tmpdir(), 'frolic-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    dir,
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
