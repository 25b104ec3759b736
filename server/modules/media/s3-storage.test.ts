import { randomBytes } from 'node:crypto';
import { buffer, text } from 'node:stream/consumers';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { S3RVER_CREDENTIALS, startS3, type TestS3 } from '../../../tests/support/s3';
import { openStorage } from './open-storage';
import { createS3Storage, parseS3Url } from './s3-storage';

describe('parseS3Url', () => {
  it.each([
    ['s3://frolic-media', { bucket: 'frolic-media', prefix: '' }],
    ['s3://frolic-media/', { bucket: 'frolic-media', prefix: '' }],
    ['s3://frolic.media/uploads', { bucket: 'frolic.media', prefix: 'uploads/' }],
    ['s3://frolic-media/brand/uploads/', { bucket: 'frolic-media', prefix: 'brand/uploads/' }],
  ])('reads %s', (url, expected) => {
    expect(parseS3Url(url)).toEqual(expected);
  });

  it.each(['frolic-media', 'https://frolic-media', 's3://', 's3://ab', 's3://Frolic', 's3://frolic-media//x', 's3://frolic-media/a/../b', 's3://frolic_media'])(
    'refuses %j',
    (url) => {
      expect(parseS3Url(url)).toBeNull();
    },
  );
});

describe('STORAGE_URL configuration', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'frolic-config-'));

  it('stays on the local disk by default', () => {
    const storage = openStorage(loadConfig({ DATA_DIR: dataDir() }));
    expect(storage.where).toMatch(/^local:.*\/uploads$/);
  });

  it('names a bad URL or half a key pair', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: 'https://bucket.example' })).toThrow(/STORAGE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: 's3://frolic-media', AWS_ACCESS_KEY_ID: 'x' })).toThrow(/AWS_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });

  it('opens the bucket and prefix it names', () => {
    const storage = openStorage(loadConfig({ DATA_DIR: dataDir(), STORAGE_URL: 's3://frolic-media/site' }));
    expect(storage.where).toBe('s3://frolic-media/site/');
  });
});

describe('S3 storage (s3rver)', () => {
  let s3: TestS3;
  const storage = (prefix = 'media/', bucket?: string, credentials = S3RVER_CREDENTIALS) =>
    createS3Storage({ bucket: bucket ?? s3.bucket, prefix, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials });

  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('puts, reads and deletes an object under the prefix; a missing one is null, a second delete no error', async () => {
    const media = storage();
    await media.put('abc/original.txt', Buffer.from('hello'), 'text/plain');
    const got = await media.get('abc/original.txt');
    expect(got?.size).toBe(5);
    expect(await text(got!.stream)).toBe('hello');
    // The object's name carries the prefix.
    const whole = await storage('').get('media/abc/original.txt');
    expect(await text(whole!.stream)).toBe('hello');
    await media.delete('abc/original.txt');
    expect(await media.get('abc/original.txt')).toBeNull();
    await expect(media.delete('abc/original.txt')).resolves.toBeUndefined();
    media.close();
  });

  it('round-trips a large binary object and replaces it whole', async () => {
    const media = storage();
    const bytes = randomBytes(6 * 1024 * 1024);
    await media.put('big/original.bin', bytes, 'application/octet-stream');
    const got = await media.get('big/original.bin');
    expect(got?.size).toBe(bytes.length);
    expect((await buffer(got!.stream)).equals(bytes)).toBe(true);
    await media.put('big/original.bin', Buffer.from('small'), 'application/octet-stream');
    expect(await text((await media.get('big/original.bin'))!.stream)).toBe('small');
    await media.delete('big/original.bin');
    media.close();
  });

  it('refuses a key the media service could not have made, before any request', async () => {
    const media = storage();
    await expect(media.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Refused storage key/);
    await expect(media.get('a//b')).rejects.toThrow(/Refused storage key/);
    await expect(media.delete('/etc/passwd')).rejects.toThrow(/Refused storage key/);
    media.close();
  });

  it('checks the bucket at start-up: missing, or the credentials refused, is a clear error', async () => {
    await expect(storage().check()).resolves.toBeUndefined();
    await expect(storage('', 'no-such-bucket').check()).rejects.toThrow(/STORAGE_URL: the bucket "no-such-bucket" cannot be used: no such bucket/);
    await expect(storage('', undefined, { accessKeyId: 'NOBODY', secretAccessKey: 'S3RVER' }).check()).rejects.toThrow(/cannot be used/);
  });

  it('is what openStorage gives for STORAGE_URL', async () => {
    const opened = openStorage(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'frolic-config-')), ...s3.env('site') }));
    expect(opened.where).toBe(`s3://${s3.bucket}/site/`);
    await opened.check();
    await opened.put('x/y.txt', Buffer.from('via config'), 'text/plain');
    expect(await text((await storage('').get('site/x/y.txt'))!.stream)).toBe('via config');
    opened.close();
  });
});
